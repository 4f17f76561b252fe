import { meetsPasswordCriteria } from '@links/shared';
import { describe, expect, it } from 'vitest';
import { generateOperatorPassword } from './generate-password.ts';

describe('generateOperatorPassword', () => {
  it('always meets the reset criteria and differs each time', () => {
    const seen = new Set<string>();
    for (let run = 0; run < 200; run += 1) {
      const password = generateOperatorPassword();
      expect(password).toHaveLength(20);
      expect(meetsPasswordCriteria(password, 10), password).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });

  it('refuses lengths below the minimum', () => {
    expect(() => generateOperatorPassword(9)).toThrow();
    expect(generateOperatorPassword(10)).toHaveLength(10);
  });
});
