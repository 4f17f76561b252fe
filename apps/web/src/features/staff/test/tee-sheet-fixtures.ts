import type { StaffTeeSheet, StaffTeeSheetBooking } from '@links/shared/schemas/staff-tee-sheet';

// A tee sheet's bookings and tee times as GET /v1/staff/tee-sheet answers them, for the tee sheet's page and its CSV.

/** A paid booking of two adults, with the fields given in place of its own (the API's tee sheet test reads it too). */
export { teeSheetBooking } from '@links/shared/test/staff-tee-sheet';

/** A tour operator's booking of an adult and a senior, half paid: its deposit. */
export const OPERATOR_DEPOSIT: Partial<StaffTeeSheetBooking> = {
  state: 'deposit',
  operator: 'Fairway Golf Tours',
  paid: 12_000,
  golfers: [
    { position: 1, player_type: 'Adult', name: '' },
    { position: 2, player_type: 'Senior (65 and over)', name: '' },
  ],
};

/** A free tee time for four at `time` on 10 June 2030 (summer time), with the fields given in place of its own. */
export const teeSheetSlot = (time: string, rest: Partial<StaffTeeSheet['slots'][number]> = {}) => ({
  id: Number(time.replace(':', '')),
  starts_at: `2030-06-10T${String(Number(time.slice(0, 2)) - 1).padStart(2, '0')}:${time.slice(3)}:00.000Z`,
  time,
  capacity: 4,
  taken: 0,
  places_left: 4,
  block: null,
  outside_windows: false,
  bookings: [],
  ...rest,
});
