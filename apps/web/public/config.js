// Served in development. The production host replaces this file with the API's address.
window.__FITSCORE_CONFIG__ = window.__FITSCORE_CONFIG__ || {};
