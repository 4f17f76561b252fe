import type { StaffTeeSheetBooking } from '../schemas/staff-tee-sheet';

/**
 * Tests only: a booking on the tee sheet as GET /v1/staff/tee-sheet answers it: Ada Lovelace's paid booking of two
 * adults, neither arrived yet, with the fields given in place of its own. The API's test and the web's tee sheet
 * tests both use it.
 */
export const teeSheetBooking = (overrides: Partial<StaffTeeSheetBooking>): StaffTeeSheetBooking => ({
  round_id: 11,
  booking_number: '4417730261',
  state: 'paid',
  lead_name: 'Ada Lovelace',
  players: 2,
  caddies: 0,
  golfers: [
    { position: 1, player_type: 'Adult', name: '' },
    { position: 2, player_type: 'Adult', name: '' },
  ],
  operator: null,
  notes: null,
  payable: 24_000,
  paid: 24_000,
  hold_expires_at: null,
  check_ins: [
    { position: 1, status: 'expected' },
    { position: 2, status: 'expected' },
  ],
  ...overrides,
});
