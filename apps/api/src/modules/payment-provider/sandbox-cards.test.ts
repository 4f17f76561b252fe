import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCard, checkExpiry, normaliseCardNumber, passesLuhn } from './sandbox-cards.ts';

const now = new Date('2026-11-21T12:00:00Z');
const card = (overrides: Partial<Parameters<typeof checkCard>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  ...overrides,
});

describe('passesLuhn', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '4000002500003155',
    '5555555555554444',
    '378282246310005',
  ])('accepts the valid number %s', (digits) => expect(passesLuhn(digits)).toBe(true));

  it.each(['4242424242424241', '4000000000000003', '1234567812345678', '12a4'])('rejects %s', (digits) =>
    expect(passesLuhn(digits)).toBe(false),
  );
});

describe('normaliseCardNumber', () => {
  it('strips the spaces and hyphens people type', () => {
    expect(normaliseCardNumber(' 4242-4242 4242 4242 ')).toBe('4242424242424242');
  });

  it.each(['', '4242', '4242 4242 4242 4242 4242', '4242 4242 4242 424x'])('refuses %j', (raw) =>
    expect(normaliseCardNumber(raw)).toBeNull(),
  );
});

describe('checkExpiry', () => {
  it('keeps a card valid through the last day of its expiry month', () => {
    expect(checkExpiry(11, 2026, now)).toBe('valid');
    expect(checkExpiry(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe('valid');
    expect(checkExpiry(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe('past');
  });

  it('treats the previous month as past and reads two-digit years as 20xx', () => {
    expect(checkExpiry(10, 2026, now)).toBe('past');
    expect(checkExpiry(1, 27, now)).toBe('valid');
    expect(checkExpiry(12, 25, now)).toBe('past');
  });

  it('refuses impossible months and years too far ahead', () => {
    expect(checkExpiry(13, 2030, now)).toBe('invalid');
    expect(checkExpiry(0, 2030, now)).toBe('invalid');
    expect(checkExpiry(1, 2099, now)).toBe('invalid');
  });
});

describe('checkCard', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeds'],
    ['4000 0000 0000 0002', 'declined'],
    ['4000 0025 0000 3155', 'requires_authentication'],
    ['5555 5555 5555 4444', 'not_a_test_card'],
  ])('gives %s the outcome %s', (number, outcome) => {
    expect(checkCard(card({ number }), now)).toEqual({ ok: true, outcome });
  });

  it('reports every problem by field, in Stripe wording', () => {
    expect(
      checkCard(card({ number: '4242 4242 4242 4241', exp_month: 1, exp_year: 2020, cvc: '12' }), now),
    ).toEqual({
      ok: false,
      fields: {
        'card.number': CARD_MESSAGES.incorrectNumber,
        'card.exp_year': CARD_MESSAGES.expiryPast,
        'card.cvc': CARD_MESSAGES.invalidCvc,
      },
    });
    expect(checkCard(card({ number: '4242' }), now)).toEqual({
      ok: false,
      fields: { 'card.number': CARD_MESSAGES.invalidNumber },
    });
  });
});
