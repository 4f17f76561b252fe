import { COURSE_IDS } from '@links/shared/constants';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail.ts';
import { NOW } from '../../test/booking-week.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { confirmedByVisitor } from './confirmation-test-helpers.ts';

// Without PUBLIC_URL (development, tests), every link the server hands out (the confirmation e-mail's signed link,
// the calendar file's URL, the confirmation address) points at the port the server really listens on. It pointed
// at http://localhost:3000 whatever the port, where nothing answered (issue 20, point 8).

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createBookingApp(NOW);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => t?.close());

const icsUrl = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')?.getFirstPropertyValue('url');

describe('links without PUBLIC_URL', () => {
  it('point at the port the server listens on: confirmation address, e-mail link, calendar file', async () => {
    expect(origin).not.toBe('http://127.0.0.1:0');
    const { session, ...made } = await confirmedByVisitor(t, [
      { courseId: COURSE_IDS.burnside, date: '2026-03-26', time: '11:30' },
    ]);
    expect(new URL(made.confirmationUrl, 'http://unused.example').pathname).toBe(
      `/confirmation/${made.bookingNumber}`,
    );

    const [mail] = (await t.database.db.select().from(mailOutbox)).filter((row) =>
      row.subject.includes(made.bookingNumber),
    );
    const link = /View your booking: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(new URL(link).origin).toBe(origin);
    expect(mail?.html).toContain(`${origin}/confirmation/${made.bookingNumber}?`);
    const attached = Buffer.from(mail?.attachments[0]?.content ?? '', 'base64').toString('utf8');
    expect(String(icsUrl(attached))).toMatch(new RegExp(`^${origin}/confirmation/${made.bookingNumber}`));

    const download = await fetch(`${origin}/v1/bookings/${made.bookingNumber}/calendar.ics`, {
      headers: { cookie: session.cookie },
    });
    expect(download.status).toBe(200);
    expect(icsUrl(await download.text())).toBe(`${origin}/confirmation/${made.bookingNumber}`);
  });
});
