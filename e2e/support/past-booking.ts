import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The confirmed booking whose tee time has passed: the server cannot make one (it never sells a tee time in the past),
// so seed-past-booking.ts writes it straight into the e2e database before the server starts, and leaves its booking
// number and PIN here for the journeys. Kept apart from the seed script so specs never load the database client.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type PastBooking = {
  bookingNumber: string;
  /** The 6-digit PIN whose keyed hash is stored on the booking. */
  pin: string;
  courseName: string;
  /** The round's tee time (ISO instant, in the past when the server started). */
  teeTime: string;
  players: number;
  caddies: number;
  /** A second booking whose round teed off an hour ago and is still being played. */
  inPlay?: Omit<PastBooking, 'inPlay' | 'cancelled' | 'depositDue'>;
  /** A third, 60 days ahead, cancelled yesterday because nothing was paid by its deadline. */
  cancelled?: Omit<PastBooking, 'inPlay' | 'cancelled' | 'depositDue'>;
  /**
   * A fourth: the 50 % deposit operator's, 44 days ahead, deposit paid 25 days ago, balance due in two days: the
   * payment-schedule job reminds the operator of it once the server runs.
   */
  depositDue?: Omit<PastBooking, 'inPlay' | 'cancelled' | 'depositDue'>;
};

export function pastBookingFile(rootDir: string, port: string | number): string {
  return join(rootDir, '.cache', `e2e-past-booking-${port}.json`);
}

/** The past booking of this run's e2e server. */
export async function readPastBooking(): Promise<PastBooking> {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)');
  return JSON.parse(await readFile(pastBookingFile(root, port), 'utf8')) as PastBooking;
}
