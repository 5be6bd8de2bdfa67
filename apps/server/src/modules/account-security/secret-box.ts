import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const APP_SECRET_FILE = 'app-secret.key';

/**
 * The application secret: APP_SECRET when configured, otherwise a random key generated once
 * into DATA_DIR/app-secret.key (mode 0600) and reused on every start. Several processes
 * sharing one database must share the key: set APP_SECRET for them.
 */
export function loadAppSecret(options: { appSecret: string | undefined; dataDir: string }): Buffer {
  if (options.appSecret) return Buffer.from(options.appSecret, 'utf8');
  const path = join(options.dataDir, APP_SECRET_FILE);
  const read = () => Buffer.from(readFileSync(path, 'utf8').trim(), 'utf8');
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx' fails if another process created it first; then its key is the one to use.
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return read();
}

const FORMAT = 'v1';

export interface SecretBox {
  /** AES-256-GCM; `context` (e.g. the user id) is bound in as associated data. */
  encrypt(plaintext: string, context: string): string;
  /** Throws when the value was not sealed with this key and context. */
  decrypt(sealed: string, context: string): string;
  /** HMAC-SHA256 under a key of its own: a hash that a stolen database alone cannot brute-force. */
  keyedHash(value: string): string;
}

/** Separate keys for separate purposes, all derived from the one application secret. */
export function createSecretBox(appSecret: Buffer): SecretBox {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', appSecret, 'fitscore', purpose, 32));
  const encryptionKey = derive('two-factor-secret-encryption');
  const hashKey = derive('recovery-code-hash');

  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(sealed, context) {
      const [format, iv, tag, ciphertext] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || ciphertext === undefined) throw new Error('Unknown sealed value format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    keyedHash(value) {
      return createHmac('sha256', hashKey).update(value).digest('hex');
    },
  };
}
