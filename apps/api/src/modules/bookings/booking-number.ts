import { randomInt } from 'node:crypto';

const LOWEST = 1_000_000_000;
const ABOVE_HIGHEST = 10_000_000_000;

/**
 * A public booking number: ten random digits from the CSPRNG (never sequential, one chance in nine billion per
 * guess). Uniqueness is the database's job: the caller inserts with ON CONFLICT DO NOTHING and draws again.
 */
export function randomBookingNumber(): string {
  return String(randomInt(LOWEST, ABOVE_HIGHEST));
}
