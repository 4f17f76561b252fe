import { CADDIE_CUTOFF_HOURS, CADDIE_FALLBACK_PRICE_PENCE, MAX_GOLFERS } from './constants';

export type CaddiePriceRange = { id: number; start_date: string; end_date: string; price: number };
export type CaddieCountOption = { value: number; label: string };

const CUTOFF_MS = CADDIE_CUTOFF_HOURS * 3_600_000;
const COUNT_LABELS = ['No caddies required', 'One (1)', 'Two (2)', 'Three (3)', 'Four (4)'] as const;

/** Caddies can be arranged only with at least 24 hours' notice: exactly 24 hours before the tee time still counts. */
export function isCaddieEligible(teeTime: Date, now: Date): boolean {
  return teeTime.getTime() - now.getTime() >= CUTOFF_MS;
}

/** The caddie count choices for one round: none up to one caddie per golfer, at most four. */
export function caddieCountOptions(golferCount: number): CaddieCountOption[] {
  const max = Math.max(0, Math.min(Math.floor(golferCount), MAX_GOLFERS));
  return COUNT_LABELS.slice(0, max + 1).map((label, value) => ({ value, label }));
}

/** Caps a chosen caddie count to what the golfer count allows (spec section 4). */
export function capCaddieCount(count: number, golferCount: number): number {
  const max = Math.max(0, Math.min(Math.floor(golferCount), MAX_GOLFERS));
  return Math.max(0, Math.min(Math.floor(count), max));
}

/**
 * Price per caddie for a round on `date` (yyyy-MM-dd): the range covering the date, else the fallback of 7000.
 * Ranges are inclusive at both ends. Should ranges overlap, the one starting latest wins (a more specific
 * override such as an event week), then the highest id (the most recently entered).
 */
export function caddiePriceFor(date: string, ranges: CaddiePriceRange[]): number {
  let best: CaddiePriceRange | undefined;
  for (const range of ranges) {
    if (range.start_date > date || range.end_date < date) continue;
    if (
      !best ||
      range.start_date > best.start_date ||
      (range.start_date === best.start_date && range.id > best.id)
    ) {
      best = range;
    }
  }
  return best ? best.price : CADDIE_FALLBACK_PRICE_PENCE;
}
