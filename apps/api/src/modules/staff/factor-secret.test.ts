import { describe, expect, it } from 'vitest';
import {
  decryptFactorSecret,
  deriveFactorKey,
  encryptFactorSecret,
  FactorSecretUnreadableError,
} from './factor-secret.ts';
import { newTotpSecret } from './totp.ts';

const key = deriveFactorKey('a-staff-factor-key-of-at-least-32-characters');

describe('factor secret encryption', () => {
  it('round-trips, never stores the plain secret, and uses a fresh IV each time', () => {
    const secret = newTotpSecret();
    const stored = encryptFactorSecret(key, 7, secret);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(secret);
    expect(encryptFactorSecret(key, 7, secret)).not.toBe(stored);
    expect(decryptFactorSecret(key, 7, stored)).toBe(secret);
  });

  it('refuses another key, another user, and altered text', () => {
    const secret = newTotpSecret();
    const stored = encryptFactorSecret(key, 7, secret);
    const otherKey = deriveFactorKey('another-staff-factor-key-of-32-characters!');
    expect(() => decryptFactorSecret(otherKey, 7, stored)).toThrow(FactorSecretUnreadableError);
    expect(() => decryptFactorSecret(key, 8, stored)).toThrow(FactorSecretUnreadableError);
    const [version, iv, tag, ciphertext = ''] = stored.split('.');
    const flipped = `${ciphertext.slice(0, -2)}${ciphertext.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => decryptFactorSecret(key, 7, [version, iv, tag, flipped].join('.'))).toThrow(
      FactorSecretUnreadableError,
    );
    expect(() => decryptFactorSecret(key, 7, secret)).toThrow(FactorSecretUnreadableError);
  });

  it('derives the key from the setting, not the setting itself', () => {
    expect(key.key).toHaveLength(32);
    expect(key.key.toString('utf8')).not.toContain('a-staff-factor-key');
    expect(deriveFactorKey('a-staff-factor-key-of-at-least-32-characters').key.equals(key.key)).toBe(true);
  });
});
