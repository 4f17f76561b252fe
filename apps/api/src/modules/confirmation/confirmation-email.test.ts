import { describe, expect, it } from 'vitest';
import { TEST_BRAND } from '../mail/test/test-brand.ts';
import type { BookingRecord } from './confirmation.repository.ts';
import { confirmationEmail } from './confirmation-email.tsx';

const HOSTILE = '<script>alert(1)</script> & "Bob"';
const ADDRESS = 'Links Parade, Carnoustie DD7 7JE, United Kingdom';

const round = (courseId: number, courseName: string, startsAt: string, caddies: number) => ({
  courseId,
  slotId: courseId * 100,
  roundId: courseId * 10,
  courseName,
  slug: courseName.toLowerCase().replaceAll(' ', '-'),
  image: '',
  guideUrl: '',
  address: ADDRESS,
  durationHours: 4,
  startsAt: new Date(startsAt),
  players: 2,
  caddies,
  caddiePricePence: 6000,
});

const record: BookingRecord = {
  id: 7,
  bookingNumber: '48213377',
  status: 'confirmed',
  netPence: 20_000,
  vatPence: 4_000,
  payablePence: 24_000,
  paidPence: 24_000,
  playerDetails: {},
  paymentMethod: null,
  balanceDueAt: null,
  calendarSequence: 0,
  cancelledAt: null,
  cancelledReason: null,
  // Burnside in GMT, Buddon Links in BST (the clocks go forward on 29 March 2026).
  rounds: [
    round(2, 'Burnside Course', '2026-03-26T11:30:00Z', 1),
    round(3, 'Buddon Links Course', '2026-04-02T09:00:00Z', 0),
  ],
  golfers: [
    { position: 1, playerTypeId: 1, playerType: 'Adult', totalPence: 12_000, name: '' },
    { position: 2, playerTypeId: 1, playerType: 'Adult', totalPence: 12_000, name: '' },
  ],
  operatorId: null,
};

const mail = await confirmationEmail(
  'golfer@example.com',
  {
    bookingNumber: record.bookingNumber,
    firstName: HOSTILE,
    leadGolfer: `</script><script>alert(2)</script> ${HOSTILE}`,
    leadPlayer: HOSTILE,
    rounds: [],
    golfers: record.golfers,
    totals: { net: 20_000, vat: 4_000, payable: 24_000, paid: 24_000 },
    record,
  },
  '123456',
  'https://book.example.com/confirmation/48213377?signature=abc&expires=1',
  TEST_BRAND,
);

const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(mail.html)?.[1] ?? '';

describe('the confirmation e-mail', () => {
  it("escapes the golfer's text in the HTML part and keeps it readable in the text part", () => {
    expect(mail.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bob&quot;,');
    expect(mail.html).toContain('Lead player: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bob&quot;.');
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.text).toContain(`Dear ${HOSTILE},`);
    expect(mail.text).toContain(`Lead player: ${HOSTILE}.`);
    expect(mail.text).not.toContain('&lt;');
    expect(mail.text).not.toContain('&amp;');
  });

  it.each([
    'Booking number: 48213377\nGolfers: 2\nAmount paid: £240.00',
    '- Burnside Course: Thursday 26th March 2026 at 11:30am (2 golfers, 1 caddie)',
    '- Buddon Links Course: Thursday 2nd April 2026 at 10:00am (2 golfers)',
    '- Golfer 2 (Adult): £120.00',
    '- VAT (20%): £40.00',
    '- Burnside Course: 1 caddie at £60.00 = £60.00',
    '- Caddies total: £60.00',
    'Your booking PIN is 123456.',
    'View your booking: https://book.example.com/confirmation/48213377?signature=abc&expires=1',
  ])('reads the tee times, golfers, prices, caddies, PIN and link in the text part: %j', (line) => {
    expect(mail.text).toContain(line);
  });

  it("leaves the button's written-out address to the HTML part", () => {
    expect(mail.text).not.toContain('If the button does not work');
  });

  it('marks each round up as a schema.org EventReservation', () => {
    const reservations = JSON.parse(jsonLd);
    expect(reservations).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'EventReservation',
        reservationNumber: '48213377',
        reservationStatus: 'https://schema.org/ReservationConfirmed',
        underName: { '@type': 'Person', name: `</script><script>alert(2)</script> ${HOSTILE}` },
        reservationFor: {
          '@type': 'Event',
          name: 'Burnside Course',
          startDate: '2026-03-26T11:30:00+00:00',
          endDate: '2026-03-26T15:30:00+00:00',
          location: { '@type': 'Place', name: TEST_BRAND.resortName, address: ADDRESS },
        },
      },
      expect.objectContaining({
        reservationFor: expect.objectContaining({
          name: 'Buddon Links Course',
          startDate: '2026-04-02T10:00:00+01:00',
          endDate: '2026-04-02T14:00:00+01:00',
        }),
      }),
    ]);
  });

  it('writes the markup so that no name can close its script element', () => {
    expect(mail.html.match(/<script/g)).toHaveLength(1);
    expect(mail.html.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLd).not.toMatch(/[<>&]/);
    expect(jsonLd).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(2)');
    expect(jsonLd).toContain('Old Course \\u0026 \\u003cLinks\\u003e');
    // Only the head carries it: the text part has no trace of the markup.
    expect(mail.text).not.toContain('schema.org');
  });

  it('attaches the tee times as a calendar file', () => {
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'tee-times-48213377.ics',
        contentType: expect.stringMatching(/^text\/calendar/),
      }),
    ]);
  });
});
