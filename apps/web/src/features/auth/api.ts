import { authEndpoints, SSO_START_PATH, ssoEndpoints } from '@fitscore/contracts';
import { API_URL } from '@/config/env';
import { callEndpoint } from '@/lib/api-client';

/** Password reset and email verification calls (the server mails the links). */
export const requestPasswordReset = (email: string) => callEndpoint(authEndpoints.requestPasswordReset, { body: { email } });
export const confirmPasswordReset = (token: string, password: string) =>
  callEndpoint(authEndpoints.confirmPasswordReset, { body: { token, password } });
export const verifyEmail = (token: string) => callEndpoint(authEndpoints.verifyEmail, { body: { token } });
export const resendVerification = () => callEndpoint(authEndpoints.resendVerification, {});
export const fetchMe = (signal?: AbortSignal) => callEndpoint(authEndpoints.me, signal ? { signal } : {});

/** The token of a mailed link: it travels in the URL fragment, never sent to a server or in a Referer. */
export function tokenFromLocationHash(hash: string, name = 'token'): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(name);
}

/** Whether an email signs in through its fund's identity provider (and whether passwords are refused). */
export const discoverSso = (email: string, signal?: AbortSignal) =>
  callEndpoint(ssoEndpoints.discover, { query: { email }, ...(signal ? { signal } : {}) });

/** Where the browser goes to sign in with single sign-on: the API sends it on to the identity provider. */
export const ssoStartUrl = (email: string) => `${API_URL}${SSO_START_PATH}?email=${encodeURIComponent(email)}`;
