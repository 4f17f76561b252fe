// The password rules of spec section 5 ("Password strength criteria"), used by the reset and update-password forms
// (live checklist and meter) and enforced again by the API.

/** The symbols that count towards the "symbol" criterion, exactly as the spec lists them. */
export const PASSWORD_SYMBOLS = '!@#$%^&*(),.?":{}|<>';

/** The spec's default minimum length; the reset and update-password forms raise it to 10. */
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;
export const RESET_PASSWORD_MIN_LENGTH = 10;

/**
 * Upper bound on what the API will hash. argon2 cost does not grow with length, but parsing and transport do, and a
 * bound keeps every request cheap to refuse.
 */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordCriteria = {
  /** At least the minimum number of characters. */
  length: boolean;
  /** At least one upper-case and one lower-case letter. */
  upperAndLower: boolean;
  /** At least one digit 0-9. */
  digit: boolean;
  /** At least one character from PASSWORD_SYMBOLS. */
  symbol: boolean;
};

export function passwordCriteria(
  password: string,
  minLength: number = DEFAULT_PASSWORD_MIN_LENGTH,
): PasswordCriteria {
  return {
    // Counted in code points, so an emoji is one character as a person sees it.
    length: [...password].length >= minLength,
    upperAndLower: /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password),
    digit: /[0-9]/.test(password),
    symbol: [...password].some((character) => PASSWORD_SYMBOLS.includes(character)),
  };
}

export function meetsPasswordCriteria(
  password: string,
  minLength: number = DEFAULT_PASSWORD_MIN_LENGTH,
): boolean {
  const criteria = passwordCriteria(password, minLength);
  return criteria.length && criteria.upperAndLower && criteria.digit && criteria.symbol;
}

/**
 * The four meter texts, weakest first. The spec fixes the first and the last; the two between keep the same golf
 * voice: off the fairway, then on the green one putt away.
 */
export const PASSWORD_METER_MESSAGES = [
  'Password is in the rough',
  'Back on the fairway - keep going',
  'On the green - one more to sink it',
  "Hole in one! That's a strong password",
] as const;

export type PasswordMeterMessage = (typeof PASSWORD_METER_MESSAGES)[number];

export type PasswordStrength = {
  /** Segments lit on the four-segment meter: 0 for an empty password, otherwise 1 to 4. */
  score: 0 | 1 | 2 | 3 | 4;
  /** The meter text, or null while the field is empty. */
  message: PasswordMeterMessage | null;
  criteria: PasswordCriteria;
};

/**
 * Meter reading: one segment per criterion met, with at least one segment for any non-empty password so typing
 * always shows a reading. Four segments means every criterion is met, i.e. the password will be accepted.
 */
export function passwordStrength(
  password: string,
  minLength: number = DEFAULT_PASSWORD_MIN_LENGTH,
): PasswordStrength {
  const criteria = passwordCriteria(password, minLength);
  if (password.length === 0) return { score: 0, message: null, criteria };
  const met = Object.values(criteria).filter(Boolean).length;
  const score = Math.max(1, met) as 1 | 2 | 3 | 4;
  return { score, message: PASSWORD_METER_MESSAGES[score - 1] ?? null, criteria };
}
