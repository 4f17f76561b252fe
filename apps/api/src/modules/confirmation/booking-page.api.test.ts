import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COURSE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { apiHeaders, type TestApp } from '../../test/test-app.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { signConfirmationLink } from './confirmation-link.ts';
import { confirmedByVisitor, type MadeBooking } from './confirmation-test-helpers.ts';

// Decision 017: a booking opened by its e-mailed link is rendered by the server into the web build's template, with
// the booking's JSON beside #root for the browser's first render; anything else at that address gets the shell. The
// web build's render is stood in for by a module that writes what it was given (the journeys run the real one).

const { burnside } = COURSE_IDS;
const SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const TEMPLATE =
  '<!doctype html><html><head><style>body{color:#14342b}</style><!--booking-hints--></head><body>' +
  '<div id="root" data-prerendered-year="__BOOKING_YEAR__"><!--booking-body--></div><!--booking-data-->' +
  '<script data-entry="/assets/index-abc123.js">(()=>{})()</script></body></html>';
// Writes the booking's name and number and the address it rendered, as a page would; fails for one booking number.
const RENDER = `export async function renderBookingPage(location, booking) {
  if (booking.number === process.env.LINKS_TEST_FAILING_RENDER) throw new Error('render failed');
  return {
    hints: ['<link rel="preload" as="image" href="/images/courses/burnside-course.webp" fetchPriority="high"/>'],
    body: '<main><h1>Booking ' + booking.data.booking_number + '</h1><p>' + location + '</p></main>',
  };
}`;

let t: TestApp;
let dir: string;
let made: MadeBooking;

function signedPath(bookingNumber: string, at = NOW): string {
  const link = signConfirmationLink({
    secret: t.app.config.linkSigningSecret,
    publicUrl: t.app.config.publicUrl,
    bookingNumber,
    now: at,
  });
  return `/confirmation/${bookingNumber}?${new URLSearchParams({ signature: link.signature, expires: String(link.expires) })}`;
}

const open = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept: 'text/html,application/xhtml+xml' } });

/** The JSON block of a rendered page, parsed. */
function renderedBooking(html: string): Record<string, unknown> {
  const text = /<script type="application\/json" id="rendered-booking">([^<]*)<\/script>/.exec(html)?.[1];
  if (!text) throw new Error('the page has no rendered booking');
  return JSON.parse(text) as Record<string, unknown>;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'links-booking-page-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'server'));
  await writeFile(join(dir, 'index.html'), SHELL);
  await writeFile(join(dir, 'app-shell.html'), SHELL);
  await writeFile(join(dir, 'server/booking.html'), TEMPLATE);
  await writeFile(join(dir, 'server/prerender.js'), RENDER);
  t = await createBookingApp(NOW, {}, { webRoot: dir });
  made = await confirmedByVisitor(t, [{ courseId: burnside, date: '2026-03-26', time: '10:00' }], [1]);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a booking opened by its e-mailed link', () => {
  it('arrives rendered with the booking the API answers for that link, its hints in the head, never stored', async () => {
    const path = signedPath(made.bookingNumber);
    const page = await open(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    expect(page.body).toContain(`<h1>Booking ${made.bookingNumber}</h1><p>${path}</p>`);
    expect(page.body).toContain(`data-prerendered-year="${new Date().getFullYear()}"`);
    expect(page.body).toMatch(/<link rel="preload" as="image"[^>]*>\s*<\/head>/);

    // The same booking, field for field, as the API's own answer for the link.
    const search = path.slice(path.indexOf('?'));
    const answer = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${made.bookingNumber}/confirmation${search}`,
      headers: apiHeaders(),
    });
    const query = new URLSearchParams(search);
    expect(renderedBooking(page.body)).toEqual({
      number: made.bookingNumber,
      signature: query.get('signature'),
      expires: query.get('expires'),
      data: answer.json().data,
      at: expect.any(Number),
    });
    // Opened for this browser session, as the API's signed read opens it: the session reads it without the link.
    const cookie = page.cookies.map((each) => `${each.name}=${each.value}`).join('; ');
    expect(cookie).not.toBe('');
    const bySession = await t.app.inject({
      method: 'GET',
      url: `/v1/bookings/${made.bookingNumber}/confirmation`,
      headers: apiHeaders({ cookie }),
    });
    expect(bySession.statusCode, bySession.body).toBe(200);
  });

  it('keeps the page markup-safe whatever the booking holds', async () => {
    const [row] = await t.database.db
      .select({ details: bookings.playerDetails })
      .from(bookings)
      .where(eq(bookings.id, made.bookingId));
    await t.database.db
      .update(bookings)
      .set({
        playerDetails: {
          ...(row?.details as Record<string, unknown>),
          first_name: 'Ada </script><script>alert(1)</script> <!--',
        },
      })
      .where(eq(bookings.id, made.bookingId));
    const page = await open(signedPath(made.bookingNumber));
    const block = page.body.slice(page.body.indexOf('id="rendered-booking"'));
    expect(block.indexOf('</script>')).toBe(block.indexOf('</script><script data-entry'));
    expect(block).not.toContain('<!--');
    expect(JSON.stringify(renderedBooking(page.body))).toContain('Ada </script><script>alert(1)</script>');
  });

  it('is the shell for an expired or altered link, another parameter, a HEAD or a failing render', async () => {
    const expired = await open(signedPath(made.bookingNumber, new Date('2025-01-01T00:00:00Z')));
    const signed = signedPath(made.bookingNumber);
    const altered = await open(
      signed.replace(/signature=(.)/, (_all, first) => `signature=${first === '0' ? '1' : '0'}`),
    );
    const unknown = await open(signedPath('9999999999'));
    const withMore = await open(`${signedPath(made.bookingNumber)}&nl=newly_subscribed`);
    const head = await open(signedPath(made.bookingNumber), 'HEAD');
    process.env.LINKS_TEST_FAILING_RENDER = made.bookingNumber;
    const failing = await open(signedPath(made.bookingNumber)).finally(() => {
      delete process.env.LINKS_TEST_FAILING_RENDER;
    });
    for (const page of [expired, altered, unknown, withMore, failing]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(SHELL);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('is the shell while the site is closed for maintenance, as the API answers the booking 503', async () => {
    await t.app.maintenance.set(true);
    try {
      const page = await open(signedPath(made.bookingNumber));
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(SHELL);
    } finally {
      await t.app.maintenance.set(false);
    }
    expect((await open(signedPath(made.bookingNumber))).body).toContain('id="rendered-booking"');
  });

  it('never serves the web build’s server folder', async () => {
    for (const file of ['/server/prerender.js', '/server/booking.html']) {
      const response = await t.app.inject({ method: 'GET', url: file });
      expect(response.statusCode, file).toBe(404);
      expect(response.body).not.toContain('renderBookingPage');
    }
  });
});
