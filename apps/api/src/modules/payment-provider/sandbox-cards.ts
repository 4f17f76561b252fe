import type { StoredPaymentError } from '../../db/schema/payments.ts';

// Everything the sandbox knows about cards, in one place. The sandbox is test mode: it checks that what was typed
// is a well-formed card, then decides the outcome from Stripe's published test numbers alone. Card numbers are
// never stored or logged, not even the test ones.

/** Stripe's test numbers (https://docs.stripe.com/testing), with the outcome the sandbox gives each. */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAuthentication: '4000002500003155',
} as const;

export type SandboxCard = { number: string; exp_month: number; exp_year: number; cvc: string };

export type CardOutcome = 'succeeds' | 'declined' | 'requires_authentication' | 'not_a_test_card';

export type CardCheck = { ok: true; outcome: CardOutcome } | { ok: false; fields: Record<string, string> };

// Stripe's wording, so the sandbox and Stripe read the same to a golfer.
export const CARD_MESSAGES = {
  invalidNumber: 'Your card number is invalid.',
  incorrectNumber: 'Your card number is incorrect.',
  expiryPast: "Your card's expiration date is in the past.",
  expiryInvalid: "Your card's expiration year is invalid.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

export const DECLINED_ERROR: StoredPaymentError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

export const NOT_A_TEST_CARD_ERROR: StoredPaymentError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'test_mode_live_card',
  message:
    'Your card number is not a test card. This is a test-mode payment form: no real card is ever charged, so use a test card such as 4242 4242 4242 4242.',
};

export const AUTHENTICATION_FAILED_ERROR: StoredPaymentError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** Digits only (spaces and hyphens as typed are allowed), 12 to 19 of them; otherwise null. */
export function normaliseCardNumber(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check every card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const MAX_YEARS_AHEAD = 20;

/**
 * A card is valid through the last day of its expiry month. Two-digit years are 20xx. The check uses UTC, which
 * is at most a day generous at a month's edge: the card network, not the sandbox, is the real authority.
 */
export function checkExpiry(expMonth: number, expYear: number, now: Date): 'valid' | 'past' | 'invalid' {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return 'invalid';
  if (!Number.isInteger(expYear) || expYear < 0) return 'invalid';
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const firstDayAfterExpiry = Date.UTC(year, expMonth, 1);
  if (firstDayAfterExpiry <= now.getTime()) return 'past';
  if (year > now.getUTCFullYear() + MAX_YEARS_AHEAD) return 'invalid';
  return 'valid';
}

export function checkCard(card: SandboxCard, now: Date): CardCheck {
  const fields: Record<string, string> = {};
  const digits = normaliseCardNumber(card.number);
  if (digits === null) fields['card.number'] = CARD_MESSAGES.invalidNumber;
  else if (!passesLuhn(digits)) fields['card.number'] = CARD_MESSAGES.incorrectNumber;
  const expiry = checkExpiry(card.exp_month, card.exp_year, now);
  if (expiry === 'past') fields['card.exp_year'] = CARD_MESSAGES.expiryPast;
  else if (expiry === 'invalid') fields['card.exp_year'] = CARD_MESSAGES.expiryInvalid;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) fields['card.cvc'] = CARD_MESSAGES.invalidCvc;
  if (digits === null || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, outcome: outcomeFor(digits) };
}

function outcomeFor(digits: string): CardOutcome {
  switch (digits) {
    case SANDBOX_TEST_CARDS.succeeds:
      return 'succeeds';
    case SANDBOX_TEST_CARDS.declined:
      return 'declined';
    case SANDBOX_TEST_CARDS.requiresAuthentication:
      return 'requires_authentication';
    default:
      return 'not_a_test_card';
  }
}
