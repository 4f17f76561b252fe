// @vitest-environment happy-dom

import {
  staffBookingChangeResponseSchema,
  staffCoursesResponseSchema,
  staffNewBookingResponseSchema,
  staffPlayerTypesResponseSchema,
} from '@links/shared/schemas/staff-booking-change';
import {
  cancelledBookingResponseSchema,
  moneyChangeResponseSchema,
  movedRoundResponseSchema,
  type StaffBookingDetail,
  staffBookingDetailResponseSchema,
  staffBookingSearchResponseSchema,
  staffCaddiesResponseSchema,
  staffContactResponseSchema,
} from '@links/shared/schemas/staff-bookings';
import { staffTeeSheetResponseSchema } from '@links/shared/schemas/staff-tee-sheet';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureConfirmation, fixtureCourse } from '@/features/confirmation/test/confirmation-fixture';
import { answer, type Received, recorded, refuse, v1 } from '@/test/api-server';
import { TEST_COURSES } from '@/test/course-fixtures';
import { renderRoute } from '@/test/render-route';
import { staffMe, useStaffServer } from '../test/staff-me';
import { answerRecorded, openForm, resubmit, serveRecorded, textsOf } from '../test/staff-steps';

const SUMMARY = {
  booking_number: '4417730261',
  state: 'paid' as const,
  lead_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07400 123456',
  operator: null,
  first_tee_time: '2030-06-10T08:00:00.000Z',
  courses: ['Burnside Course'],
  players: 2,
  payable: 15_000,
  paid: 15_000,
  created_at: '2030-05-01T10:00:00.000Z',
};

const DETAIL: StaffBookingDetail = {
  // What the golfer's own page shows (the confirmation tests' booking), here with one round on the Burnside.
  confirmation: fixtureConfirmation({
    booking_number: '4417730261',
    courses: [
      fixtureCourse({
        id: 2,
        name: 'Burnside Course',
        tee_time: '2030-06-10T08:00:00.000Z',
        caddie_cutoff: '2030-06-09T08:00:00.000Z',
      }),
    ],
    last_tee_time: '2030-06-10T08:00:00.000Z',
    calendar_url: '/v1/bookings/4417730261/calendar.ics',
    server_time: '2030-05-01T10:00:00.000Z',
  }),
  rounds: [{ course_id: 2, slot_id: 900 }],
  state: 'paid',
  created_at: '2030-05-01T10:00:00.000Z',
  confirmed_at: '2030-05-01T10:05:00.000Z',
  contact: {
    name: 'Dr Ada Lovelace',
    email: 'ada@example.com',
    phone: '07400 123456',
    address: '1 Links Road, Carnoustie, Angus, DD7 7JE, GB',
    stay_connected: true,
  },
  operator: null,
  notes: 'Celebrating a birthday',
  payments: [
    {
      id: 'pi_sbx_1',
      provider: 'sandbox',
      amount: 15_000,
      status: 'succeeded',
      settlement: 'confirmed',
      created_at: '2030-05-01T10:04:00.000Z',
    },
  ],
  refunds: [],
  recorded_payments: [],
  balance_due_at: null,
  refundable: 15_000,
  emails: [
    {
      id: 'a1b2',
      to: 'ada@example.com',
      subject: 'Your tee times are confirmed: booking 4417730261',
      status: 'sent',
      attempts: 1,
      created_at: '2030-05-01T10:05:00.000Z',
      sent_at: '2030-05-01T10:05:04.000Z',
    },
  ],
  timeline: [
    { at: '2030-05-01T10:00:00.000Z', by: 'golfer', who: null, what: 'Tee times held' },
    { at: '2030-05-01T10:05:00.000Z', by: 'system', who: null, what: 'Booking confirmed' },
    { at: '2030-06-10T07:40:00.000Z', by: 'staff', who: 'Morag Starter', what: 'Golfer 1 marked arrived' },
  ],
};

const teeTime = (time: string, placesLeft: number, id: number) => ({
  id,
  starts_at: `2030-06-10T${String(Number(time.slice(0, 2)) - 1).padStart(2, '0')}:${time.slice(3)}:00.000Z`,
  time,
  capacity: 4,
  taken: 4 - placesLeft,
  places_left: placesLeft,
  block: null,
  outside_windows: false,
  bookings: [],
});

/** The Burnside on the booking's day: its own 09:00, one full tee time, two with room. */
const BURNSIDE_DAY = {
  course: { id: 2, name: 'Burnside Course' },
  date: '2030-06-10',
  courses: [{ id: 2, name: 'Burnside Course' }],
  slots: [
    teeTime('09:00', 2, 900),
    teeTime('09:10', 0, 910),
    teeTime('09:20', 1, 920),
    teeTime('09:30', 4, 930),
  ],
  totals: { slots: 4, blocked: 0, golfers: 9, bookings: 3, arrived: 0, no_show: 0 },
};

describe('finding a booking and its page', () => {
  const searches: Received[] = [];
  const server = useStaffServer({
    received: [searches],
    handlers: () => [
      staffMe({
        id: 2,
        username: 'desk',
        name: 'Iain Desk',
        email: 'iain@example.com',
        role: 'reservations',
      }),
      http.get(
        v1('/staff/bookings'),
        answerRecorded(searches, staffBookingSearchResponseSchema, {
          bookings: [SUMMARY],
          total: 1,
          page: 1,
          page_size: 50,
        }),
      ),
      http.get(v1('/staff/bookings/4417730261'), () =>
        answer(staffBookingDetailResponseSchema, { data: DETAIL }),
      ),
      http.get(v1('/staff/tee-sheet'), () => answer(staffTeeSheetResponseSchema, { data: BURNSIDE_DAY })),
      http.get(v1('/staff/player-types'), () =>
        answer(staffPlayerTypesResponseSchema, {
          data: [
            { id: 1, name: 'Adult' },
            { id: 2, name: 'Senior (65 and over)' },
            { id: 3, name: 'Under 16' },
          ],
        }),
      ),
      http.get(v1('/staff/bookings/999999'), () =>
        refuse(404, { code: 'booking_not_found', message: 'There is no booking with this number.' }),
      ),
    ],
  });
  afterEach(() => cleanup());

  it('searches from the address and the form, and opens a booking from its number', async () => {
    const user = userEvent.setup();
    const router = renderRoute('/staff/bookings');
    await screen.findByRole('table', { name: 'Bookings found' });
    expect(screen.getByRole('status').textContent).toBe('1 booking, page 1 of 1');
    // The next search answers only when let go: meanwhile the last rows stay, dimmed, busy and not clickable.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(
        v1('/staff/bookings'),
        recorded(searches, async () => {
          await gate;
          return answer(staffBookingSearchResponseSchema, {
            data: { bookings: [SUMMARY], total: 1, page: 1, page_size: 50 },
          });
        }),
      ),
    );
    await user.type(screen.getByLabelText('Number, name, e-mail, phone or operator'), '  ada ');
    await user.type(screen.getByLabelText('Playing from'), '2030-06-01');
    await user.selectOptions(screen.getByLabelText('Status'), 'Confirmed');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ada&from=2030-06-01&status=confirmed'));
    await waitFor(() => expect(searches.at(-1)?.url).toContain('q=ada&from=2030-06-01&status=confirmed'));
    expect(screen.getByRole('status').textContent).toBe('Finding bookings...');
    expect(
      screen.getByRole('table', { name: 'Bookings found' }).parentElement?.getAttribute('aria-busy'),
    ).toBe('true');
    release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 booking, page 1 of 1'));
    expect(
      screen.getByRole('table', { name: 'Bookings found' }).parentElement?.getAttribute('aria-busy'),
    ).toBeNull();

    const row = screen.getByRole('row', { name: /4417730261/ });
    expect(row.textContent).toContain('Ada Lovelace');
    expect(row.textContent).toContain('£150.00 of £150.00');
    await user.click(within(row).getByRole('link', { name: '4417730261' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/bookings/4417730261'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking 4417730261' })).toBeTruthy();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      'mailto:ada@example.com',
    );
    expect(within(contact).getByText('Celebrating a birthday')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'E-mails' })).getByRole('row', { name: /confirmed/ })
        .textContent,
    ).toContain('Sent');
    expect(
      within(screen.getByRole('region', { name: 'Timeline' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/^.*?\d{2}:\d{2}\s/, '')),
    ).toEqual(['Golfer Tee times held', 'System Booking confirmed', 'Morag Starter Golfer 1 marked arrived']);
  });

  it('records a phone payment and a later due date on a booking on terms', async () => {
    const ON_TERMS: StaffBookingDetail = {
      ...DETAIL,
      state: 'pay_later',
      confirmation: {
        ...DETAIL.confirmation,
        booking_number: '5520019934',
        payment_method: 'offline',
        totals: { ...DETAIL.confirmation.totals, paid: 0, due: 15_000 },
      },
      balance_due_at: '2030-05-20T22:59:59.999Z',
    };
    const payments: Received[] = [];
    const dueDates: Received[] = [];
    server.use(
      http.get(v1('/staff/bookings/5520019934'), () =>
        answer(staffBookingDetailResponseSchema, { data: ON_TERMS }),
      ),
      http.post(
        v1('/staff/bookings/5520019934/payments'),
        answerRecorded(payments, moneyChangeResponseSchema, {
          booking_number: '5520019934',
          paid: 2_050,
          payable: 15_000,
          balance_due_at: ON_TERMS.balance_due_at,
        }),
      ),
      http.post(
        v1('/staff/bookings/5520019934/due-date'),
        answerRecorded(dueDates, moneyChangeResponseSchema, {
          booking_number: '5520019934',
          paid: 0,
          payable: 15_000,
          balance_due_at: '2030-05-28T22:59:59.999Z',
        }),
      ),
    );
    const { user, form } = await openForm('/staff/bookings/5520019934', 'Record a payment');
    await user.type(within(form).getByLabelText(/^Amount/), '151');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(within(form).getByText('That is more than is due on this booking.')).toBeTruthy();
    await resubmit(user, form, /^Amount/, '20.5', 'Record payment');
    expect(within(form).getByText('Please enter the payment reference (up to 100 characters)')).toBeTruthy();
    await user.type(within(form).getByLabelText(/^Reference/), 'PDQ 0042');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Recorded £20.50 by phone. Paid £20.50 of £150.00.')).toBeTruthy();
    expect(payments.map((call) => call.body)).toEqual([
      { amount: 2_050, method: 'phone', reference: 'PDQ 0042' },
    ]);

    const due = screen.getByRole('form', { name: 'Change the due date' });
    await user.type(within(due).getByLabelText('Balance due by'), '2030-05-28');
    await user.click(within(due).getByRole('button', { name: 'Set due date' }));
    expect(await screen.findByText('The balance is now due by 28 May 2030.')).toBeTruthy();
    expect(dueDates.map((call) => call.body)).toEqual([{ due_date: '2030-05-28' }]);
  });

  it('cancels a booking with a partial refund after a second, explicit step', async () => {
    const cancels: Received[] = [];
    server.use(
      // Read again after the cancellation: cancelled, so the page has no cancel form any more.
      http.get(v1('/staff/bookings/4417730261'), () =>
        answer(staffBookingDetailResponseSchema, {
          data:
            cancels.length > 0
              ? {
                  ...DETAIL,
                  state: 'cancelled',
                  confirmation: { ...DETAIL.confirmation, status: 'cancelled' },
                }
              : DETAIL,
        }),
      ),
      http.post(
        v1('/staff/bookings/4417730261/cancel'),
        answerRecorded(cancels, cancelledBookingResponseSchema, {
          booking_number: '4417730261',
          refund: { amount: 5_000, status: 'succeeded' },
        }),
      ),
    );
    const { user, form } = await openForm('/staff/bookings/4417730261', 'Cancel this booking');
    const refund = within(form).getByLabelText(/^Refund to the card/) as HTMLInputElement;
    expect(refund.value).toBe('150.00');
    await user.click(within(form).getByRole('button', { name: 'Cancel booking' }));
    expect(
      within(form).getByText('Please say why the booking is cancelled (up to 200 characters)'),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText(/^Reason/), 'Golfer ill');
    await resubmit(user, form, /^Refund to the card/, '150.01', 'Cancel booking');
    expect(within(form).getByText('That is more than was paid by card on this booking.')).toBeTruthy();
    await resubmit(user, form, /^Refund to the card/, '50', 'Cancel booking');
    expect(cancels).toEqual([]);
    const ask = screen.getByRole('alert');
    expect(ask.textContent).toContain('Cancel booking 4417730261 and refund £50.00 to the card?');
    await user.click(within(ask).getByRole('button', { name: 'Yes, cancel the booking' }));
    expect(
      await screen.findByText(
        'Booking 4417730261 is cancelled and £50.00 was refunded to the card. Its tee times are on sale again.',
      ),
    ).toBeTruthy();
    expect(cancels.map((call) => call.body)).toEqual([{ reason: 'Golfer ill', refund: 5_000 }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Cancel this booking' })).toBeNull());
    expect(screen.getByText(/^Booking 4417730261 is cancelled and £50\.00 was refunded/)).toBeTruthy();
  });

  it('moves a round to a tee time with room for its golfers that day', async () => {
    const moves = serveRecorded('post', '/staff/bookings/4417730261/move', movedRoundResponseSchema, {
      booking_number: '4417730261',
      course_id: 2,
      from: '2030-06-10T08:00:00.000Z',
      to: '2030-06-10T08:30:00.000Z',
    });
    const { user, form } = await openForm('/staff/bookings/4417730261', 'Move the Burnside Course round');
    const select = within(form).getByLabelText('New tee time on the Burnside Course');
    // Two golfers: neither its own tee time, nor the full one, nor one with a single place.
    await waitFor(() =>
      expect(textsOf(select, 'option')).toEqual(['Choose a tee time', '09:30 (4 of 4 free)']),
    );
    await user.selectOptions(select, '09:30 (4 of 4 free)');
    await user.click(within(form).getByRole('button', { name: 'Move round' }));
    expect(
      await screen.findByText(
        'The Burnside Course round moved from 09:00 to 09:30. The golfer has been told.',
      ),
    ).toBeTruthy();
    // The round is named by its tee slot now too (a group has several rounds on one course).
    expect(moves.map((call) => call.body)).toEqual([{ course_id: 2, slot_id: 930, from_slot_id: 900 }]);
  });

  it('changes a golfer, previews the new price, then confirms it with a partial refund', async () => {
    const previews: Received[] = [];
    const changes: Received[] = [];
    const changed = {
      booking_number: '4417730261',
      rounds: [
        {
          course_id: 2,
          course_name: 'Burnside Course',
          from: '2030-06-10T08:00:00.000Z',
          to: '2030-06-10T08:00:00.000Z',
          caddies: 1,
        },
      ],
      golfers: [
        { position: 1, player_type: 'Adult', ticket: 'Burnside', total: 10_000 },
        { position: 2, player_type: 'Senior (65 and over)', ticket: 'Burnside', total: 2_600 },
      ],
      payable_before: 15_000,
      payable_after: 12_600,
      difference: -2_400,
      paid: 15_000,
      refundable: 2_400,
      due_after: 0,
    };
    server.use(
      http.post(
        v1('/staff/bookings/4417730261/change/preview'),
        answerRecorded(previews, staffBookingChangeResponseSchema, { ...changed, refund: null }),
      ),
      http.post(
        v1('/staff/bookings/4417730261/change'),
        answerRecorded(changes, staffBookingChangeResponseSchema, {
          ...changed,
          refund: { amount: 1_000, status: 'succeeded' },
        }),
      ),
    );
    const { user, form } = await openForm('/staff/bookings/4417730261', 'Change rounds and golfers');
    const teeTime = within(form).getByLabelText('Tee time');
    // Its own tee time, and those with a free place (not the full 09:10).
    await waitFor(() =>
      expect(textsOf(teeTime, 'option')).toEqual([
        'Choose',
        '09:00 (now)',
        '09:20 (1 of 4 free)',
        '09:30 (4 of 4 free)',
      ]),
    );
    expect((teeTime as HTMLSelectElement).value).toBe('900');
    await waitFor(() =>
      expect(within(form).getAllByRole('option', { name: 'Senior (65 and over)' })).toHaveLength(2),
    );
    await user.selectOptions(within(form).getByLabelText('Golfer 2'), 'Senior (65 and over)');
    await user.click(within(form).getByRole('button', { name: 'Preview change' }));
    expect(
      within(form).getByText('Please say why the booking is changed (up to 200 characters)'),
    ).toBeTruthy();
    expect(previews).toEqual([]);
    await user.type(within(form).getByLabelText('Reason for the change'), 'Over 65, card shown');
    await user.click(within(form).getByRole('button', { name: 'Preview change' }));
    const summary = await screen.findByText(
      'New total £126.00 (was £150.00, down £24.00). Up to £24.00 can go back to the card.',
    );
    expect(previews.map((call) => call.body)).toEqual([
      {
        courses: [{ id: 2, teeTime: { id: 900 }, caddies: 1 }],
        golfers: [
          { id: 1, playerTypeId: 1 },
          { id: 2, playerTypeId: 2 },
        ],
        refund: 0,
        reason: 'Over 65, card shown',
      },
    ]);
    const preview = summary.closest('[role="status"]') as HTMLElement;
    const refund = within(preview).getByLabelText('Refund to the card (£)');
    expect((refund as HTMLInputElement).value).toBe('24.00');
    await resubmit(user, preview, 'Refund to the card (£)', '10', 'Confirm change');
    expect(
      await screen.findByText(
        'Booking 4417730261 is changed: now £126.00. £10.00 was refunded to the card. The golfer has been told.',
      ),
    ).toBeTruthy();
    expect(changes.map((call) => (call.body as { refund: number }).refund)).toEqual([1_000]);
  });

  it("books for a caller: the rounds, golfers and caller's details, then the booking's page says what is due", async () => {
    const made: Received[] = [];
    server.use(
      http.get(v1('/staff/courses'), () =>
        answer(staffCoursesResponseSchema, {
          data: TEST_COURSES.map((course) => ({ id: course.id, name: course.name })),
        }),
      ),
      http.post(
        v1('/staff/bookings'),
        answerRecorded(made, staffNewBookingResponseSchema, {
          booking_number: '4417730261',
          payable: 15_000,
          due: 15_000,
          balance_due_at: '2030-06-10T22:59:59.999Z',
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/staff/bookings');
    await user.click(await screen.findByRole('link', { name: 'Book for a caller' }));
    const form = await screen.findByRole('form', { name: 'Book for a caller' });
    await waitFor(() =>
      expect(within(form).getAllByRole('option', { name: 'Burnside Course' }).length).toBeGreaterThan(0),
    );
    await user.selectOptions(within(form).getByLabelText('Course'), 'Burnside Course');
    await resubmit(user, form, 'Day', '2030-06-10', 'Book, to pay at the desk');
    expect(within(form).getByText('Please choose a tee time for every round.')).toBeTruthy();
    const teeTime = within(form).getByLabelText('Tee time');
    await waitFor(() => expect(textsOf(teeTime, 'option')).toContain('09:30 (4 of 4 free)'));
    await user.selectOptions(teeTime, '09:30 (4 of 4 free)');
    await user.selectOptions(within(form).getByLabelText('Golfer 2'), 'Senior (65 and over)');
    for (const [label, value] of [
      ['First name', 'Old'],
      ['Surname', 'Tom'],
      ['E-mail', 'old.tom@example.com'],
      ['Telephone', '07400 123456'],
      ['Address line 1', '1 Links Parade'],
      ['Town or city', 'Carnoustie'],
      ['County or region', 'Angus'],
      ['Postcode', 'DD7 7JE'],
    ] as const) {
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Book, to pay at the desk' }));
    expect(
      await screen.findByText(
        'Booking 4417730261 is confirmed: £150.00 to pay at the desk. The caller has been e-mailed their confirmation and PIN.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking 4417730261' })).toBeTruthy();
    expect(made.map((call) => call.body)).toEqual([
      {
        courses: [{ id: 2, teeTime: { id: 930 }, caddies: 0 }],
        golfers: [
          { id: 1, playerTypeId: 1 },
          { id: 2, playerTypeId: 2 },
        ],
        contact: {
          first_name: 'Old',
          surname: 'Tom',
          email_address: 'old.tom@example.com',
          telephone_country_code: 'GB',
          telephone_number: '07400 123456',
          address_line_1: '1 Links Parade',
          address_line_2: '',
          city: 'Carnoustie',
          county: 'Angus',
          postcode: 'DD7 7JE',
          country: 'GB',
          player_type: 'lead_player',
          stay_connected: false,
        },
        notes: '',
      },
    ]);
  });

  it('sets the caddies of a round', async () => {
    const puts = serveRecorded('put', '/staff/bookings/4417730261/caddies', staffCaddiesResponseSchema, {
      booking_number: '4417730261',
      course_id: 2,
      caddies: 2,
      changed: true,
    });
    const { user, form } = await openForm('/staff/bookings/4417730261', 'Caddies on the Burnside Course');
    const select = within(form).getByLabelText('Caddies on the Burnside Course') as HTMLSelectElement;
    // One caddie now; at most one per golfer (two).
    expect(select.value).toBe('1');
    expect(textsOf(select, 'option')).toEqual(['None', '1', '2']);
    await user.selectOptions(select, '2');
    await user.click(within(form).getByRole('button', { name: 'Set caddies' }));
    expect(
      await screen.findByText('The Burnside Course round now has 2 caddies. The golfer has been told.'),
    ).toBeTruthy();
    expect(puts.map((call) => call.body)).toEqual([{ course_id: 2, caddies: 2 }]);
  });

  it("corrects the contact details and shows the API's field message", async () => {
    let attempts = 0;
    server.use(
      http.patch(v1('/staff/bookings/4417730261/contact'), () => {
        attempts += 1;
        return attempts === 1
          ? refuse(400, {
              code: 'validation_failed',
              message: 'Some of the details you entered are not valid. Please check them and try again.',
              fields: { email_address: 'Please enter a valid email address' },
            })
          : answer(staffContactResponseSchema, {
              data: { booking_number: '4417730261', changed: ['email_address'] },
            });
      }),
    );
    const { user, form } = await openForm('/staff/bookings/4417730261', 'Correct the contact details');
    expect((within(form).getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((within(form).getByLabelText('Surname') as HTMLInputElement).value).toBe('Lovelace');
    await resubmit(user, form, 'E-mail', 'ada@', 'Save contact details');
    expect(await within(form).findByText('Please enter a valid email address')).toBeTruthy();
    await user.type(within(form).getByLabelText('E-mail'), 'example.org');
    await user.click(within(form).getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText('Contact details corrected: email address.')).toBeTruthy();
  });

  it('says so when the number is unknown', async () => {
    renderRoute('/staff/bookings/999999');
    expect(await screen.findByText('There is no booking with this number.')).toBeTruthy();
  });
});
