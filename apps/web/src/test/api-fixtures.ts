import type { OperatorSession } from '@links/shared/schemas/auth';
import type { SavedBooking } from '@links/shared/schemas/bookings';

/** A signed-in tour operator as GET /v1/user and POST /v1/login answer it. */
export const TEST_OPERATOR: OperatorSession = {
  id: 7,
  ID: 7,
  company_name: 'Fairway Golf Tours',
  status: 'active',
  deposit_amount: 50,
  password_change_required: false,
  trade_discount_percent: 0,
};

/** That operator's contact details as GET /v1/user/details answers them (the API's test reads the same). */
export { OPERATOR_DETAILS as TEST_OPERATOR_DETAILS } from '@links/shared/test/operator-details';

/** A held booking as POST /v1/bookings and PATCH /v1/bookings/{id} answer it: one adult on the Championship Course. */
export const TEST_SAVED_BOOKING: SavedBooking = {
  booking_id: 9,
  booking_number: '260000009',
  status: 'held',
  date_created: '2026-07-10T10:00:00.000Z',
  hold_expires_at: '2026-07-10T10:10:00.000Z',
  server_time: '2026-07-10T10:00:00.000Z',
  totals: { net: 26750, vat: 5350, payable: 32100, paid: 0, due: 32100 },
  golfers: [
    {
      id: 1,
      playerTypeId: 1,
      net_price: 26750,
      total_vat: 5350,
      total_price: 32100,
      tickets: [{ label: 'Championship Course', course_ids: [1], price: 32100 }],
      ticket_label: 'Championship Course',
    },
  ],
  courses: [
    { id: 1, name: 'Championship Course', teeTime: { id: 5, time: '2026-07-14T08:00:00.000Z' }, caddies: 1 },
  ],
  notes: 'Trolley',
};
