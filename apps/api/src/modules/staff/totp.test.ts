import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, totpCode, totpQrSvg, totpStep, totpUri } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; its 8-digit codes end in our 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors (6 digits)', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('accepts the current step and one either side, and says which step matched', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-26T10:00:10Z');
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(secret, new Date(now.getTime() + offset * 30_000));
      expect(matchTotpStep(secret, code, now), `offset ${offset}`).toBe(step + offset);
    }
    for (const offset of [-3, -2, 2, 3]) {
      const code = totpCode(secret, new Date(now.getTime() + offset * 30_000));
      // A code two steps away may, once in a million, equal one in the window; the secret is fresh each run.
      if (![-1, 0, 1].some((near) => totpCode(secret, new Date(now.getTime() + near * 30_000)) === code)) {
        expect(matchTotpStep(secret, code, now), `offset ${offset}`).toBeNull();
      }
    }
  });

  it('refuses anything but six digits without looking further', () => {
    const secret = newTotpSecret();
    const now = new Date();
    const code = totpCode(secret, now);
    for (const given of ['', `${code}0`, code.slice(1), ` ${code}`, `${code.slice(0, 5)}x`]) {
      expect(matchTotpStep(secret, given, now), given).toBeNull();
    }
  });

  it('makes 160-bit base32 secrets, an otpauth URI and an SVG QR code', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, 'j.starter');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Links%20Golf%20Resort%20staff:j\.starter\?/);
    const query = new URL(uri).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      secret,
      issuer: 'Links Golf Resort staff',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    const svg = await totpQrSvg(uri);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });
});
