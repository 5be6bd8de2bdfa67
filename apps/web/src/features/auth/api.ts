import { authEndpoints } from '@fitscore/contracts';
import { callEndpoint } from '@/lib/api-client';

/** Password reset and email verification calls (the server mails the links). */
export const requestPasswordReset = (email: string) => callEndpoint(authEndpoints.requestPasswordReset, { body: { email } });
export const confirmPasswordReset = (token: string, password: string) =>
  callEndpoint(authEndpoints.confirmPasswordReset, { body: { token, password } });
export const verifyEmail = (token: string) => callEndpoint(authEndpoints.verifyEmail, { body: { token } });
export const resendVerification = () => callEndpoint(authEndpoints.resendVerification, {});
export const fetchMe = (signal?: AbortSignal) => callEndpoint(authEndpoints.me, signal ? { signal } : {});

/** The token of a mailed link: it travels in the URL fragment, never sent to a server or in a Referer. */
export function tokenFromLocationHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}
