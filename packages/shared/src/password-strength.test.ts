import { describe, expect, it } from 'vitest';
import {
  meetsPasswordCriteria,
  PASSWORD_METER_MESSAGES,
  PASSWORD_SYMBOLS,
  passwordCriteria,
  passwordStrength,
  RESET_PASSWORD_MIN_LENGTH,
} from './password-strength';

describe('passwordCriteria', () => {
  it('checks each rule on its own', () => {
    expect(passwordCriteria('abcdefgh')).toEqual({
      length: true,
      upperAndLower: false,
      digit: false,
      symbol: false,
    });
    expect(passwordCriteria('Ab1!')).toEqual({
      length: false,
      upperAndLower: true,
      digit: true,
      symbol: true,
    });
  });

  it('uses the default minimum of 8 and the reset minimum of 10', () => {
    expect(passwordCriteria('Abcdef1!').length).toBe(true);
    expect(passwordCriteria('Abcdef1!', RESET_PASSWORD_MIN_LENGTH).length).toBe(false);
    expect(passwordCriteria('Abcdefgh1!', RESET_PASSWORD_MIN_LENGTH).length).toBe(true);
  });

  it('accepts every symbol of the spec set and nothing else as a symbol', () => {
    for (const symbol of PASSWORD_SYMBOLS) expect(passwordCriteria(`x${symbol}`).symbol).toBe(true);
    for (const other of ['-', '_', '+', '=', '~', '[', ']', "'", ';', '/', ' ']) {
      expect(passwordCriteria(`x${other}`).symbol, other).toBe(false);
    }
  });

  it('needs both cases', () => {
    expect(passwordCriteria('ABCDEFGH').upperAndLower).toBe(false);
    expect(passwordCriteria('abcdefgh').upperAndLower).toBe(false);
    expect(passwordCriteria('aBcdefgh').upperAndLower).toBe(true);
  });
});

describe('meetsPasswordCriteria', () => {
  it('needs all four at the reset minimum', () => {
    expect(meetsPasswordCriteria('Fairway-2026!', 10)).toBe(true);
    expect(meetsPasswordCriteria('Fairway2026!', 10)).toBe(true);
    expect(meetsPasswordCriteria('fairway2026!', 10)).toBe(false);
    expect(meetsPasswordCriteria('Fairway2026', 10)).toBe(false);
    expect(meetsPasswordCriteria('Fairway!!!!', 10)).toBe(false);
    expect(meetsPasswordCriteria('Fairw2026!', 10)).toBe(true);
    expect(meetsPasswordCriteria('Fair2026!', 10)).toBe(false);
  });
});

describe('passwordStrength', () => {
  it('shows nothing for an empty password', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, message: null });
  });

  it('climbs the four golf messages one criterion at a time', () => {
    expect(passwordStrength('a', 10)).toMatchObject({ score: 1, message: 'Password is in the rough' });
    expect(passwordStrength('aB', 10)).toMatchObject({ score: 1, message: 'Password is in the rough' });
    expect(passwordStrength('aB1', 10)).toMatchObject({
      score: 2,
      message: 'Back on the fairway - keep going',
    });
    expect(passwordStrength('aB1!', 10)).toMatchObject({
      score: 3,
      message: 'On the green - one more to sink it',
    });
    expect(passwordStrength('aB1!aaaaaa', 10)).toMatchObject({
      score: 4,
      message: "Hole in one! That's a strong password",
    });
  });

  it('starts and ends with the texts the spec fixes', () => {
    expect(PASSWORD_METER_MESSAGES).toHaveLength(4);
    expect(PASSWORD_METER_MESSAGES[0]).toBe('Password is in the rough');
    expect(PASSWORD_METER_MESSAGES[3]).toBe("Hole in one! That's a strong password");
  });

  it('reaches four segments only when the password would be accepted', () => {
    for (const candidate of ['Abcdefghij1', 'abcdefgh1!x', 'ABCDEFGH1!X', 'Abcdefgh!!x', 'Ab1!']) {
      expect(passwordStrength(candidate, 10).score === 4, candidate).toBe(
        meetsPasswordCriteria(candidate, 10),
      );
    }
  });
});
