import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox } from '../../db/schema/index.ts';
import { NOW, TODAY } from '../../test/booking-week.ts';
import { type TestApp, withCsrf } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import type { Browser } from '../auth/test/auth-test-helpers.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { confirmedBooking, type MadeBooking } from '../confirmation/confirmation-test-helpers.ts';
import { bookedAndPaidByCard, signInDemoOperators } from '../contact-details/operator-test-helpers.ts';
import { sendFrom, staffBrowser, staffRaceOnTwoInstances } from '../staff/test/staff-test-helpers.ts';
import { pdfText } from './test/pdf-text.ts';

// Issue 24 point 3: every payment produces a UK VAT invoice as PDF and every refund a credit note, numbered from one
// gap-free sequence; the booker downloads them from the booking page and the card payment's invoice goes with the
// confirmation e-mail. Nobody else's session opens them.

const { burnside } = COURSE_IDS;

let t: TestApp;
let desk: Browser;
let nth = 0;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  desk = await staffBrowser(t, { username: 'invoice.desk', role: 'reservations' });
});
afterAll(async () => t?.close());

async function booking(
  session?: Awaited<ReturnType<typeof withCsrf>>,
): Promise<MadeBooking & { session: Awaited<ReturnType<typeof withCsrf>> }> {
  const time = ['10:00', '10:10', '10:20', '10:30', '10:40', '10:50', '11:00', '11:10'][nth]!;
  nth += 1;
  const own = session ?? (await withCsrf(t.app));
  const made = await confirmedBooking(
    t.app,
    t.database.db,
    own,
    [{ courseId: burnside, date: '2026-03-27', time }],
    [1, 1],
  );
  return { ...made, session: own };
}

const confirmation = (number: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/v1/bookings/${number}/confirmation`, headers });

describe('VAT invoices and credit notes', () => {
  it('a card payment: its invoice is on the booking, attached to the confirmation, and downloads as a PDF', async () => {
    const made = await booking();
    const page = (await confirmation(made.bookingNumber, made.session.headers)).json().data;
    expect(page.invoices).toEqual([
      {
        number: expect.stringMatching(/^INV-\d{6}$/),
        kind: 'invoice',
        issued_at: expect.any(String),
        amount: page.totals.payable,
        url: `/v1/bookings/${made.bookingNumber}/invoices/${page.invoices[0].number}`,
      },
    ]);
    const number = page.invoices[0].number as string;
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, made.bookingId));
    expect(mail?.attachments.map((attachment) => attachment.filename)).toContain(`${number}.pdf`);

    // A plain link: the session's cookie is the key (no API key header needed).
    const pdf = await t.app.inject({
      method: 'GET',
      url: page.invoices[0].url,
      headers: { cookie: made.session.cookie },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload).join('\n');
    for (const expected of [
      `VAT invoice ${number}`,
      'The Links Golf Management Ltd',
      'VAT registration number: GB 123 4567 89',
      'Date of issue and tax point',
      'Friday 20th March 2026',
      'VAT at 20%',
      `£${(page.totals.payable / 100).toFixed(2)}`,
      `£${(page.totals.vat / 100).toFixed(2)}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Wrapped over lines in the PDF.
    expect(text.replaceAll('\n', '')).toContain(
      `Card payment for booking ${made.bookingNumber}: green fees at Burnside Course, Friday 27th March 2026 at 10:00am, 2 golfers`,
    );

    // Nobody else: another browser, another booking's number, a number that is not there.
    const stranger = await withCsrf(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: page.invoices[0].url, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(403);
    const other = await booking();
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${other.bookingNumber}/invoices/${number}`,
      headers: { cookie: other.session.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/bookings/${made.bookingNumber}/invoices/nonsense`,
          headers: { cookie: made.session.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("a tour operator's invoice is theirs alone: another company's operator signed in is refused it", async () => {
    const { fairway, linksTravel } = await signInDemoOperators(t);
    const held = await bookedAndPaidByCard(t, fairway, TODAY, 60, 'online');
    const page = (await confirmation(held.number, fairway.headers)).json().data;
    const url = page.invoices[0].url as string;
    const own = await t.app.inject({ method: 'GET', url, headers: { cookie: fairway.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const other = await t.app.inject({ method: 'GET', url, headers: { cookie: linksTravel.cookie } });
    expect(other.statusCode).toBe(403);
    expect(String(other.headers['content-type'])).not.toContain('pdf');
    // Nor its booking page, where the invoices are listed.
    expect((await confirmation(held.number, linksTravel.headers)).statusCode).toBe(403);
  });

  it('a staff refund makes a credit note against the payment, and a payment by phone an invoice', async () => {
    const made = await booking();
    const cancelled = await sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${made.bookingNumber}/cancel`, {
      reason: 'Golfer ill',
      refund: 2_000,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, made.bookingId));
    expect(rows.map((row) => [row.kind, row.grossPence])).toEqual([
      ['invoice', expect.any(Number)],
      ['credit_note', 2_000],
    ]);
    expect(rows[1]?.number).toMatch(/^CN-\d{6}$/);
    expect(rows[1]?.creditsInvoiceId).toBe(rows[0]?.id);
    const page = (await confirmation(made.bookingNumber, made.session.headers)).json().data;
    const note = page.invoices.find((document: { kind: string }) => document.kind === 'credit_note');
    const pdf = await t.app.inject({
      method: 'GET',
      url: note.url,
      headers: { cookie: made.session.cookie },
    });
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain(`VAT credit note ${note.number}`);
    expect(text).toContain('Total refunded');
    expect(text).toContain('-£20.00');

    // The desk downloads the same documents from its own booking page, with its own session.
    const detail = (await sendFrom(t.app, desk, 'GET', `/v1/staff/bookings/${made.bookingNumber}`)).json()
      .data;
    const staffUrl = detail.confirmation.invoices.at(-1).url as string;
    expect(staffUrl).toBe(`/v1/staff/bookings/${made.bookingNumber}/invoices/${note.number}`);
    const staffPdf = await t.app.inject({ method: 'GET', url: staffUrl, headers: { cookie: desk.cookie } });
    expect(staffPdf.statusCode, staffPdf.body).toBe(200);
    expect(pdfText(staffPdf.rawPayload).join('\n')).toContain(`VAT credit note ${note.number}`);
    // A golfer's session is not the desk's.
    expect(
      (await t.app.inject({ method: 'GET', url: staffUrl, headers: { cookie: made.session.cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('numbers stay unique and without gaps when refunds are given at once', async () => {
    const made = await Promise.all([booking(), booking(), booking()]);
    const answers = await Promise.all(
      made.map((one) =>
        sendFrom(t.app, desk, 'POST', `/v1/staff/bookings/${one.bookingNumber}/cancel`, {
          reason: 'Burst',
          refund: 1_000,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await expectGapFree(t.database.db);
  });
});

async function expectGapFree(db: TestApp['database']['db']) {
  const all = (await db.select({ sequence: invoices.sequence }).from(invoices))
    .map((row) => row.sequence)
    .sort((a, b) => a - b);
  expect(all.length).toBeGreaterThan(0);
  expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
}

// Two instances on one database need PostgreSQL (PGlite is one process).
if (testDbKind() === 'postgres') {
  describe('invoice numbers over two instances (PostgreSQL)', () => {
    const race = staffRaceOnTwoInstances('links_invoices', NOW);

    it('payments recorded at once on both instances take unique numbers without gaps', async () => {
      const { one, two, database } = race;
      const times = ['10:00', '10:10', '10:20', '10:30', '10:40', '10:50'];
      const made = await Promise.all(
        times.map(async (time, index) =>
          confirmedBooking(
            index % 2 === 0 ? one : two,
            database.db,
            await withCsrf(index % 2 === 0 ? one : two),
            [{ courseId: burnside, date: '2026-03-27', time }],
            [1],
          ),
        ),
      );
      const desks = await race.deskOnBoth('burst.desk');
      // Each booking refunded twice at once, from both instances: a credit note per refund, numbers in one run.
      const answers = await Promise.all(
        made.flatMap((booking) => race.cancelFromBoth(booking.bookingNumber, 500, desks)),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(made.length);
      const rows = await database.db.select().from(invoices);
      expect(rows.filter((row) => row.kind === 'invoice')).toHaveLength(made.length);
      expect(rows.filter((row) => row.kind === 'credit_note')).toHaveLength(made.length);
      expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
      await expectGapFree(database.db);
    });
  });
}
