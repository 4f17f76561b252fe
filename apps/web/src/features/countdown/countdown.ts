import { RELEASE_GRACE_MS, RESERVATION_WINDOW_MS } from '@links/shared/constants';

// Spec section 4 'Reservation countdown' and section 9: a 10-minute hold from the booking's creation, shown in red
// under two minutes and with another icon under one. Pure maths, so every threshold is tested without timers.

/** The banner turns red below this. */
export const URGENT_BELOW_MS = 120_000;
/** The banner's icon changes below this. */
export const CRITICAL_BELOW_MS = 60_000;
/** What the expired overlay promises: the tee times go back on sale this long after the hold ends. */
export const RELEASE_AFTER_EXPIRY_MS = RELEASE_GRACE_MS;

export type CountdownTone = 'calm' | 'urgent' | 'critical';

/** When the hold ends (ms since the epoch), or null for a missing or unreadable creation date. */
export function reservationEndsAt(dateCreated: string | null): number | null {
  if (!dateCreated) return null;
  const created = Date.parse(dateCreated);
  return Number.isNaN(created) ? null : created + RESERVATION_WINDOW_MS;
}

/**
 * How far the client clock is behind the server's (add it to Date.now()), from one GET /v1/time: the server read
 * its clock about half-way through the round trip.
 */
export function clockOffsetMs(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAtMs + receivedAtMs) / 2);
}

/** Milliseconds left on the hold by the corrected clock, never below 0. */
export function remainingMs(endsAtMs: number, clientNowMs: number, offsetMs: number): number {
  return Math.max(0, endsAtMs - (clientNowMs + offsetMs));
}

export function countdownTone(remaining: number): CountdownTone {
  if (remaining < CRITICAL_BELOW_MS) return 'critical';
  if (remaining < URGENT_BELOW_MS) return 'urgent';
  return 'calm';
}

/** m:ss, rounding up so the display reaches 0:00 exactly when the hold ends. */
export function formatRemaining(remaining: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remaining / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The same time in words, for screen readers ('9 minutes 5 seconds'). */
export function describeRemaining(remaining: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remaining / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (seconds > 0 || minutes === 0) parts.push(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}
