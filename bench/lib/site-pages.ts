import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { leadGolferDetails, succeedingCard } from '../../e2e/support/visitor-booking.ts';
import { collectEmptySlots, openSession } from './bookings.ts';
import type { LighthouseOptions } from './lighthouse.ts';
import { londonDay, probeJson } from './routes.ts';

// The public pages Lighthouse measures, each as a visitor or operator arrives at it (issue 25 §20), and what each
// needs to exist first: a paid booking for the signed link of its confirmation e-mail, a tour operator (created
// with the operator CLI before the server starts, as PGlite allows one process per data directory) for the reset
// link of a reset e-mail and a signed-in session, and the maintenance switch for the maintenance page. The staff
// area (/staff) is not public. Steps 2 and 3 are not pages a visit starts on: they open from step 1 in the same
// tab, with the booking it holds (opened cold they send the visitor to `/`, which its own row measures).

export const BENCH_OPERATOR = {
  company: 'Bench Golf Tours Ltd',
  username: 'bench-operator',
  email: 'bench-operator@example.com',
  // Meets the criteria every operator password must (10+ characters, both cases, a digit and one of the spec's symbols).
  password: 'Bench.Operator.Password.1',
} as const;

/** The operator CLI's arguments that create BENCH_OPERATOR (its password in OPERATOR_PASSWORD). */
export function operatorCliArgs(): string[] {
  return [
    'create',
    '--company',
    BENCH_OPERATOR.company,
    '--username',
    BENCH_OPERATOR.username,
    '--email',
    BENCH_OPERATOR.email,
  ];
}

export type SitePage = {
  /** The row's name: the route as the site's paths write it. */
  route: string;
  /** Path and query Lighthouse opens. */
  path: string;
  /** What the page is, in the row's detail. */
  note: string;
  lighthouse?: LighthouseOptions;
  /** Runs before the page is measured and after (the maintenance switch). */
  around?: { before: () => Promise<void>; after: () => Promise<void> };
};

type Json = Record<string, unknown>;

async function call(
  appUrl: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: Json; setCookies: string[] }> {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return { data: (JSON.parse(text) as { data: Json }).data, setCookies: response.headers.getSetCookie() };
}

/**
 * A two-golfer booking made and paid as the site makes it (hold, contact details, the sandbox card, the payment
 * record): the signed path of its confirmation e-mail, /confirmation/{number}?signature=...&expires=....
 */
async function paidBookingLink(appUrl: string, apiHeaders: Record<string, string>): Promise<string> {
  const probe = (path: string) => probeJson(`${appUrl}${path}`, apiHeaders);
  const [slot] = await collectEmptySlots(probe, 1);
  if (!slot) throw new Error('no empty bookable slot for the confirmation page');
  const session = await openSession(appUrl, apiHeaders);
  const send = (method: string, path: string, body?: unknown) => call(appUrl, session, method, path, body);
  const { data: booking } = await send('POST', '/v1/bookings', {
    courses: [{ id: slot.courseId, teeTime: { id: slot.slotId }, caddies: 0 }],
    golfers: [
      { id: 1, playerTypeId: 1 },
      { id: 2, playerTypeId: 1 },
    ],
    notes: '',
  });
  const bookingId = booking.booking_id as number;
  const { data: details } = await send(
    'PATCH',
    `/v1/bookings/${bookingId}/details`,
    leadGolferDetails('bench-golfer@example.com'),
  );
  const intent = details.payment_intent as { id: string; client_secret: string };
  await send('POST', `/v1/sandbox/payment_intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card: succeedingCard(),
    return_url: `/confirmation/${booking.booking_number as string}`,
  });
  const { data: paid } = await send('PATCH', `/v1/bookings/${bookingId}/payment`, {
    booking_id: bookingId,
    payment_intent: intent.id,
    newsletter: false,
  });
  return paid.confirmation_url as string;
}

/** Asks for BENCH_OPERATOR's reset e-mail and reads its link from the server's local outbox (no SMTP here). */
async function resetLink(
  appUrl: string,
  apiHeaders: Record<string, string>,
  dataDir: string,
): Promise<string> {
  const since = Date.now();
  const session = await openSession(appUrl, apiHeaders);
  await call(appUrl, session, 'POST', '/v1/forgot-password', { username: BENCH_OPERATOR.username });
  const outbox = join(dataDir, 'outbox');
  // The mail-outbox job sends every 5 s.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    for (const name of (await readdir(outbox).catch(() => [] as string[])).filter((file) =>
      file.endsWith('.json'),
    )) {
      const entry = JSON.parse(await readFile(join(outbox, name), 'utf8')) as {
        to: string;
        date: string;
        html: string;
      };
      if (!entry.to.includes(BENCH_OPERATOR.email) || Date.parse(entry.date) < since - 1000) continue;
      const href = /href="([^"]*\/reset\?t=[^"]+)"/.exec(
        await readFile(join(outbox, entry.html), 'utf8'),
      )?.[1];
      if (href) {
        const url = new URL(href.replaceAll('&amp;', '&'));
        return `${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('no reset e-mail reached the outbox within 30 s');
}

/** BENCH_OPERATOR signed in: the cookies of its session, for the browser Lighthouse drives. */
async function operatorCookies(
  appUrl: string,
  apiHeaders: Record<string, string>,
): Promise<NonNullable<LighthouseOptions['cookies']>> {
  const session = await openSession(appUrl, apiHeaders);
  const { setCookies } = await call(appUrl, session, 'POST', '/v1/login', {
    username: BENCH_OPERATOR.username,
    password: BENCH_OPERATOR.password,
  });
  // Sign-in rotates the session: its new cookies replace the visitor's.
  return setCookies.map((line) => {
    const [pair = '', ...attributes] = line.split(';');
    const [name = '', ...value] = pair.split('=');
    return {
      name: name.trim(),
      value: value.join('='),
      httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === 'httponly'),
    };
  });
}

/** Turns the site's maintenance mode on or off through the admin API, then waits until the site says so. */
async function setMaintenance(
  appUrl: string,
  apiHeaders: Record<string, string>,
  adminToken: string,
  enabled: boolean,
): Promise<void> {
  const response = await fetch(`${appUrl}/admin/maintenance`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`PUT /admin/maintenance answered ${response.status}`);
  // Each instance re-reads the flag every MAINTENANCE_CACHE_MS (2 s by default).
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const { status } = await probeJson(`${appUrl}/v1/time`, apiHeaders);
    if ((status === 503) === enabled) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the site did not ${enabled ? 'enter' : 'leave'} maintenance within 15 s`);
}

/** Every public page, with what it needs made first (a booking, a reset link, a signed-in operator). */
export async function sitePages(options: {
  appUrl: string;
  apiHeaders: Record<string, string>;
  dataDir: string;
  adminToken: string;
}): Promise<SitePage[]> {
  const { appUrl, apiHeaders, dataDir, adminToken } = options;
  const [confirmationLink, resetPath, cookies] = [
    await paidBookingLink(appUrl, apiHeaders),
    await resetLink(appUrl, apiHeaders, dataDir),
    await operatorCookies(appUrl, apiHeaders),
  ];
  return [
    { route: '/', path: '/', note: 'the home page and step 1 (prerendered)' },
    { route: '/login', path: '/login', note: 'tour operator sign-in' },
    { route: '/forgot-password', path: '/forgot-password', note: 'asks for a reset e-mail' },
    {
      route: '/reset',
      path: resetPath,
      note: "the link of a reset e-mail, checked by the page (valid, today's)",
    },
    { route: '/confirmation', path: '/confirmation', note: 'the PIN form (booking number and PIN)' },
    {
      route: '/confirmation/:bookingNumber',
      path: confirmationLink,
      note: `a paid booking opened by the signed link of its confirmation e-mail (booked for ${londonDay(new Date())} or later)`,
    },
    {
      route: '/manage-account',
      path: '/manage-account',
      note: "a signed-in tour operator's account (its session's cookies in the browser)",
      lighthouse: { cookies },
    },
    {
      route: '404',
      path: '/no-such-page',
      note: 'an unknown path: the error page, answered with status 404',
      lighthouse: { ignoreStatusCode: true },
    },
    {
      route: '/maintenance',
      path: '/maintenance',
      note: 'the maintenance page while the site is in maintenance (switched on through the admin API)',
      around: {
        before: () => setMaintenance(appUrl, apiHeaders, adminToken, true),
        after: () => setMaintenance(appUrl, apiHeaders, adminToken, false),
      },
    },
  ];
}
