// The sandbox card form's rules: formatting as typed and the checks Stripe's own card field makes, with Stripe's
// wording so test mode reads like the real thing. The server checks again (apps/api sandbox-cards.ts); this is
// for the golfer's benefit, not the authority.

export const CARD_FIELD_MESSAGES = {
  nameRequired: 'Please enter the name on your card',
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

const M = CARD_FIELD_MESSAGES;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  return 'unknown';
}

/** How many digits a complete number of this brand has (16 where the brand allows several lengths). */
export function cardNumberLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** '4242424242424242' -> '4242 4242 4242 4242'; American Express as 4-6-5. Extra digits are dropped. */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(digitsOf(value));
  const digits = digitsOf(value).slice(0, brand === 'amex' ? 15 : 19);
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let index = 0;
  for (const size of groups) {
    if (index >= digits.length) break;
    parts.push(digits.slice(index, index + size));
    index += size;
  }
  return parts.join(' ');
}

/** The Luhn (mod 10) check every card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardNumberProblem(value: string): string | null {
  const digits = digitsOf(value);
  if (digits.length < cardNumberLength(cardBrand(digits))) return M.numberIncomplete;
  return passesLuhn(digits) ? null : M.numberInvalid;
}

/**
 * 'MM / YY' as typed: '1' stays '1', '4' becomes '04' (no month starts with 4), '123' becomes '12 / 3'. The
 * separator appears only with a third digit, so deleting back over it never gets stuck.
 */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type Expiry = { month: number; year: number };

/** The month and four-digit year of 'MM / YY', or null while incomplete. */
export function parseExpiry(value: string): Expiry | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

const MAX_YEARS_AHEAD = 20;

/** A card is valid to the end of its expiry month (Stripe's rule), compared in the golfer's own calendar. */
export function expiryProblem(value: string, now: Date = new Date()): string | null {
  const expiry = parseExpiry(value);
  if (!expiry) return M.expiryIncomplete;
  if (expiry.month < 1 || expiry.month > 12) return M.expiryInvalid;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) return M.expiryPast;
  if (expiry.year > thisYear + MAX_YEARS_AHEAD) return M.expiryInvalid;
  return null;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function formatCvc(value: string, brand: CardBrand): string {
  return digitsOf(value).slice(0, cvcLength(brand));
}

export function cvcProblem(value: string, brand: CardBrand): string | null {
  return digitsOf(value).length === cvcLength(brand) ? null : M.cvcIncomplete;
}

export type CardDetails = { name: string; number: string; expiry: string; cvc: string };
export type CardField = keyof CardDetails;

/** Every problem with the card details, by field; empty when they can be sent. */
export function cardDetailsProblems(
  card: CardDetails,
  now: Date = new Date(),
): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  if (card.name.trim() === '') problems.name = M.nameRequired;
  const number = cardNumberProblem(card.number);
  if (number) problems.number = number;
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) problems.expiry = expiry;
  const cvc = cvcProblem(card.cvc, cardBrand(digitsOf(card.number)));
  if (cvc) problems.cvc = cvc;
  return problems;
}

/** The sandbox confirm body's card (the name stays in the browser: the sandbox has no use for it). */
export function sandboxCard(card: CardDetails) {
  const expiry = parseExpiry(card.expiry);
  return {
    number: digitsOf(card.number),
    exp_month: expiry?.month ?? 0,
    exp_year: expiry?.year ?? 0,
    cvc: digitsOf(card.cvc),
  };
}

/** Stripe's test numbers the sandbox understands (https://docs.stripe.com/testing). */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0025 0000 3155', outcome: '3-D Secure authentication' },
] as const;
