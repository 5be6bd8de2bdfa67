import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';

/** RFC 6238 defaults that every authenticator app understands: SHA-1, 6 digits, 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'FitScore';

export function newTotpSecret(): string {
  // 20 random bytes (160 bits, RFC 4226's recommendation), Base32.
  return generateSecret({ length: 20 });
}

export function otpauthUri(secret: string, accountName: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountName, secret, period: TOTP_PERIOD_SECONDS, digits: 6 });
}

/** The QR code of the otpauth URI as an SVG document; rendered here, nothing is fetched. */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#0f172a', light: '#ffffff' } });
}

/**
 * The time step a 6-digit code belongs to, or null. One step of clock drift either way is
 * allowed; steps at or before `afterStep` (the last one accepted) are refused, so a code
 * cannot be used twice.
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

// No 0/o, 1/l/i: easy to read back from paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code like `k7pq-3mzx-w2ha` (about 59 random bits). */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** What people type may differ in case, spaces and dashes. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9]/g, '');
}
