import { randomInt } from 'node:crypto';
import { meetsPasswordCriteria, RESET_PASSWORD_MIN_LENGTH } from '@links/shared';

// Look-alike characters (I, l, O, 0, 1) are left out: these passwords are read off a terminal and typed in.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
// Symbols from the spec's set (PASSWORD_SYMBOLS) that need no quoting in e-mail or a terminal.
const SYMBOLS = '!@#$%^&*?';

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)] as string;
}

/** A random password that meets the reset criteria (one of each class guaranteed), 20 characters by default. */
export function generateOperatorPassword(length = 20): string {
  if (length < RESET_PASSWORD_MIN_LENGTH)
    throw new Error(`Generated passwords need ${RESET_PASSWORD_MIN_LENGTH}+ characters`);
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const characters = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (characters.length < length) characters.push(pick(all));
  // Fisher-Yates with a CSPRNG, so the guaranteed classes are not always at the front.
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other] as string, characters[index] as string];
  }
  const password = characters.join('');
  // A guard against someone editing the alphabets above out of step with the shared criteria.
  if (!meetsPasswordCriteria(password, RESET_PASSWORD_MIN_LENGTH)) {
    throw new Error('Generated password does not meet the criteria');
  }
  return password;
}
