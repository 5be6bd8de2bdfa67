declare global {
  interface Window {
    __FITSCORE_CONFIG__?: { apiUrl?: string; webUrl?: string };
  }
}

/** The API's base URL: from the host's /config.js, else VITE_API_URL, else this host on port 8000. */
export const API_URL = (
  window.__FITSCORE_CONFIG__?.apiUrl ??
  (import.meta.env.VITE_API_URL as string | undefined) ??
  `${window.location.protocol}//${window.location.hostname}:8000`
).replace(/\/$/, '');

/**
 * The product's own host (from the host's /config.js). A page opened under any other host is a
 * fund's own apply host (white-label): its root shows that fund's apply page.
 */
const configuredWebUrl = window.__FITSCORE_CONFIG__?.webUrl;
export const OWN_HOST = configuredWebUrl ? new URL(configuredWebUrl).host : window.location.host;
