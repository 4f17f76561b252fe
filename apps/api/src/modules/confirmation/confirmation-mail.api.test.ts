import { COURSE_IDS } from '@links/shared/constants';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW } from '../../test/booking-week.ts';
import { apiHeaders, type TestApp, withCsrf } from '../../test/test-app.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { SmtpSink } from '../mail/test/smtp-sink.ts';
import { confirmedByVisitor } from './confirmation-test-helpers.ts';

// The whole path a golfer takes back to a booking: pay, receive the confirmation e-mail over real SMTP, open the
// signed link it contains, and add the attached tee times to a calendar.

// Friday 20 March 2026, 09:05 UK; the round is on Thursday 26 March at 11:30 with one caddie (winter price 6000).
const { burnside } = COURSE_IDS;

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createBookingApp(NOW, { smtpUrl: sink.url });
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

describe('the confirmation e-mail over SMTP', () => {
  it('carries the booking, the PIN and a signed link that opens the booking, with the .ics attached', async () => {
    const made = await confirmedByVisitor(
      t,
      [{ courseId: burnside, date: '2026-03-26', time: '11:30', caddies: 1 }],
      [1, 3],
    );
    expect(t.app.mail.transport.kind).toBe('smtp');
    expect(await t.app.jobs.runOnce('mail-outbox')).toMatchObject({ sent: 1, failed: 0 });
    const received = sink.received.find((mail) => mail.raw.includes(made.bookingNumber));
    expect(received?.to).toEqual(['ada@example.com']);

    const mail = await PostalMime.parse(received!.raw, { attachmentEncoding: 'utf8' });
    expect(mail.subject).toBe(`Your booking ${made.bookingNumber} is confirmed`);
    const text = mail.text ?? '';
    expect(text).toContain(`Booking number: ${made.bookingNumber}`);
    expect(text).toContain('- Burnside Course: Thursday 26th March 2026 at 11:30am (2 golfers, 1 caddie)');
    expect(text).toMatch(/- Golfer 1 \(Adult\): £\d+\.\d\d/);
    expect(text).toMatch(/- Golfer 2 \(Under 16\): £\d+\.\d\d/);
    expect(text).toContain('- Burnside Course: 1 caddie at £60.00 = £60.00');
    expect(text).toContain('Caddie fees are paid in cash to your caddie on the day.');
    const pin = /Your booking PIN is (\d{6})\./.exec(text)?.[1];
    expect(pin).toMatch(/^\d{6}$/);

    // The button in the HTML and the address in the text are the same signed link.
    const html = mail.html ?? '';
    const buttonHref = /<a href="([^"]+)"[^>]*>View your booking<\/a>/
      .exec(html)?.[1]
      ?.replaceAll('&amp;', '&');
    const textHref = /View your booking: (\S+)/.exec(text)?.[1];
    expect(buttonHref).toBeDefined();
    expect(buttonHref).toBe(textHref);
    const link = new URL(buttonHref!);
    expect(link.pathname).toBe(`/confirmation/${made.bookingNumber}`);

    // A fresh browser opens the booking with it.
    const query = new URLSearchParams({
      signature: link.searchParams.get('signature') ?? '',
      expires: link.searchParams.get('expires') ?? '',
    });
    const opened = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${made.bookingNumber}/confirmation?${query}`,
      headers: apiHeaders(),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({
      booking_number: made.bookingNumber,
      status: 'confirmed',
      golfer_count: 2,
      caddie_total: 6000,
    });

    // And the PIN from the e-mail opens it for another browser.
    const other = await withCsrf(t.app);
    const byPin = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${made.bookingNumber}/confirmation`,
      headers: other.headers,
      payload: { booking_id: made.bookingNumber, pin },
    });
    expect(byPin.statusCode, byPin.body).toBe(200);

    // The calendar attachment: one event at the UK tee time, as long as a Burnside round.
    const attachment = mail.attachments.find(
      (item) => item.filename === `tee-times-${made.bookingNumber}.ics`,
    );
    expect(attachment?.mimeType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(String(attachment?.content)));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    try {
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      expect(events).toHaveLength(1);
      expect(events[0]?.summary).toBe('Burnside Course - The Links');
      expect(events[0]?.startDate.toJSDate().toISOString()).toBe('2026-03-26T11:30:00.000Z');
      expect(events[0]?.endDate.toJSDate().toISOString()).toBe('2026-03-26T15:30:00.000Z');
      expect(events[0]?.description).toContain('1 caddie: £60.00 payable in cash on the day.');
    } finally {
      ICAL.TimezoneService.remove('Europe/London');
    }
  });
});
