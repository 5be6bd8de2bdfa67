import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals the identity providers' client secrets at rest: AES-256-GCM under a key derived from the
 * application secret for this purpose only, with the fund's id bound in as associated data (a
 * sealed secret copied to another fund's row does not open).
 */
export function createSecretSeal(appSecret: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'fitscore', 'sso-client-secret', 32));
  return {
    seal(plaintext: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed: string, context: string): string {
      const [format, iv, tag, body] = sealed.split('.');
      if (format !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed value format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretSeal = ReturnType<typeof createSecretSeal>;
