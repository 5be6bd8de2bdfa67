declare global {
  interface Window {
    __FITSCORE_CONFIG__?: { apiUrl?: string };
  }
}

/** The API's base URL: from the host's /config.js, else VITE_API_URL, else this host on port 8000. */
export const API_URL = (
  window.__FITSCORE_CONFIG__?.apiUrl ??
  (import.meta.env.VITE_API_URL as string | undefined) ??
  `${window.location.protocol}//${window.location.hostname}:8000`
).replace(/\/$/, '');
