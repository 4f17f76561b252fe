import type { Block } from '@links/shared/schemas/staff-blocks';
import type { StaffBookingState } from '@links/shared/schemas/staff-bookings';
import type { StaffTeeSheetSlot } from '@links/shared/schemas/staff-tee-sheet';

// The words the tee sheet and its block panel use for states, reasons and periods.

/** Every state a tag shows: a booking's (the tee sheet's four, cancelled, an abandoned hold), or a tee time's. */
export type TagState = StaffBookingState | 'free' | 'blocked';

export const STATE_LABELS: Record<TagState, string> = {
  free: 'Free',
  held: 'Held',
  paid: 'Paid',
  deposit: 'Deposit',
  pay_later: 'Pay later',
  cancelled: 'Cancelled',
  expired: 'Abandoned hold',
  blocked: 'Blocked',
};

export const BLOCK_LABELS: Record<NonNullable<StaffTeeSheetSlot['block']>['reason'], string> = {
  competition: 'Competition',
  maintenance: 'Maintenance',
  dark: 'Darkness',
};

const DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'Fri 12 Jun 09:10' (UK time). */
export function teeTimeOf(iso: string): string {
  const instant = new Date(iso);
  return `${DAY.format(instant)} ${TIME.format(instant)}`;
}

/**
 * A block's period as staff say it: 'Fri 12 Jun 14:00–15:00', 'Fri 12 Jun (all day)', 'Fri 12 Jun to Sun 14 Jun
 * (all day)' or 'Fri 12 Jun 14:00 to Sat 13 Jun 10:00'.
 */
export function blockSpan(block: Pick<Block, 'starts_at' | 'ends_at'>): string {
  const start = new Date(block.starts_at);
  const end = new Date(block.ends_at);
  const wholeDays = TIME.format(start) === '00:00' && TIME.format(end) === '00:00';
  if (wholeDays) {
    // The day before the (excluded) end: an hour back is always on it, whatever the clocks do.
    const lastDay = DAY.format(new Date(end.getTime() - 3_600_000));
    const firstDay = DAY.format(start);
    return firstDay === lastDay ? `${firstDay} (all day)` : `${firstDay} to ${lastDay} (all day)`;
  }
  if (DAY.format(start) === DAY.format(end))
    return `${DAY.format(start)} ${TIME.format(start)}–${TIME.format(end)}`;
  return `${teeTimeOf(block.starts_at)} to ${teeTimeOf(block.ends_at)}`;
}

/** A tee-time select's first line: while its day loads, where the day has no tee time to offer, or `choose`. */
export const teeTimePrompt = (loading: boolean, choices: number, none: string, choose: string) =>
  loading ? 'Loading tee times...' : choices === 0 ? none : choose;
