import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDetailsProblems,
  cardNumberProblem,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  CARD_FIELD_MESSAGES as M,
  parseExpiry,
  passesLuhn,
  sandboxCard,
} from './card-details';

const NOW = new Date(2026, 10, 21, 12); // 21 November 2026, local time

describe('formatCardNumber', () => {
  it('groups digits in fours as typed and drops anything else', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242a4242')).toBe('4242 4242 4242 4242');
  });

  it('groups American Express as 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005');
  });

  it('allows up to 19 digits for other cards', () => {
    expect(formatCardNumber('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
  });
});

describe('passesLuhn and cardNumberProblem', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000002500003155', '378282246310005']) {
      expect(passesLuhn(number)).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('says incomplete before the brand length is reached, invalid when Luhn fails', () => {
    expect(cardNumberProblem('4242 4242 4242 424')).toBe(M.numberIncomplete);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(M.numberInvalid);
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('3782 822463 10005')).toBeNull();
  });

  it('knows the brands it formats for', () => {
    // Each brand's first four digits (Mastercard's old and new ranges); Discover is not one of them.
    const brands = { visa: ['4242'], mastercard: ['5555', '2223'], amex: ['3400'], unknown: ['6011'] };
    for (const [brand, prefixes] of Object.entries(brands)) {
      for (const prefix of prefixes) expect(cardBrand(prefix)).toBe(brand);
    }
  });
});

describe('expiry', () => {
  it('formats MM / YY as typed, padding months that can only be one digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('434')).toBe('04 / 34');
    // Deleting back over the separator leaves the month alone.
    expect(formatExpiry('12 /')).toBe('12');
  });

  it('parses to a four-digit year', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('12 / 3')).toBeNull();
  });

  it('is valid through the end of the expiry month', () => {
    expect(expiryProblem('11 / 26', NOW)).toBeNull();
    expect(expiryProblem('10 / 26', NOW)).toBe(M.expiryPast);
    expect(expiryProblem('12 / 25', NOW)).toBe(M.expiryPast);
    expect(expiryProblem('13 / 30', NOW)).toBe(M.expiryInvalid);
    expect(expiryProblem('01 / 99', NOW)).toBe(M.expiryInvalid);
    expect(expiryProblem('1', NOW)).toBe(M.expiryIncomplete);
  });
});

describe('cvc', () => {
  it('takes three digits, four for American Express', () => {
    expect(formatCvc('12a34', 'visa')).toBe('123');
    expect(formatCvc('12345', 'amex')).toBe('1234');
  });
});

describe('cardDetailsProblems', () => {
  it('lists every field that needs attention', () => {
    expect(cardDetailsProblems({ name: ' ', number: '4242', expiry: '', cvc: '1' }, NOW)).toEqual({
      name: M.nameRequired,
      number: M.numberIncomplete,
      expiry: M.expiryIncomplete,
      cvc: M.cvcIncomplete,
    });
  });

  it('is empty for a complete test card, which is sent as digits and numbers', () => {
    const card = { name: 'A Golfer', number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
    expect(cardDetailsProblems(card, NOW)).toEqual({});
    expect(sandboxCard(card)).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
  });
});
