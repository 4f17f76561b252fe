import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Staff TOTP secrets are encrypted at rest with AES-256-GCM. The key is derived from STAFF_FACTOR_KEY with
// HKDF-SHA256 under a label of its own, so the setting may be any long string and the key is used for nothing else.
// Each ciphertext is bound to its staff user's id (additional authenticated data): a secret copied onto another
// account's row does not decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each base64url.

const VERSION = 'v1';
const HKDF_SALT = 'links-golf-resort';
const HKDF_INFO = 'staff-totp-secret-encryption:v1';
const IV_BYTES = 12;

export type FactorKey = { readonly key: Buffer };

export function deriveFactorKey(staffFactorKey: string): FactorKey {
  return { key: Buffer.from(hkdfSync('sha256', staffFactorKey, HKDF_SALT, HKDF_INFO, 32)) };
}

const boundTo = (staffUserId: number) => Buffer.from(`staff-user:${staffUserId}`);

export function encryptFactorSecret(factorKey: FactorKey, staffUserId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', factorKey.key, iv);
  cipher.setAAD(boundTo(staffUserId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export class FactorSecretUnreadableError extends Error {
  constructor() {
    super('The stored second-factor secret cannot be decrypted (another STAFF_FACTOR_KEY, or altered).');
    this.name = 'FactorSecretUnreadableError';
  }
}

/** The plain secret, or FactorSecretUnreadableError when the key, the user or the stored text does not match. */
export function decryptFactorSecret(factorKey: FactorKey, staffUserId: number, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new FactorSecretUnreadableError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', factorKey.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(boundTo(staffUserId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new FactorSecretUnreadableError();
  }
}
