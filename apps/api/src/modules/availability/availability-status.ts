import type { AvailabilityStatus } from '@links/shared/schemas/availability';
import type { DayUsage } from './availability.repository.ts';

/**
 * Month-calendar thresholds, over a day's bookable slots (unblocked and, today, not yet started):
 * - full: no slot has a free place (also every day before today, after the closing date, or without slots);
 * - low:  fewer than a quarter of the day's places are free, or fewer than LOW_OPEN_SLOTS slots still have room;
 * - good: otherwise.
 */
export const LOW_FREE_PLACES_SHARE = 0.25;
export const LOW_OPEN_SLOTS = 3;

export function availabilityStatus(usage: DayUsage | undefined): AvailabilityStatus {
  if (!usage || usage.openSlots === 0 || usage.freePlaces === 0) return 'full';
  if (usage.freePlaces < usage.places * LOW_FREE_PLACES_SHARE || usage.openSlots < LOW_OPEN_SLOTS)
    return 'low';
  return 'good';
}
