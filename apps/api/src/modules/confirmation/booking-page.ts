import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BOOKING_PAGE_SLOTS, RENDERED_BOOKING_ID } from '@links/shared/booking-page';
import { type Confirmation, confirmationSchema } from '@links/shared/schemas/confirmation';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { type BookingPageRenderer, WEB_SERVER_DIR } from '../../plugins/web-app.ts';
import { bookingForRequest } from './confirmation-access.ts';
import { loadConfirmation } from './load-confirmation.ts';

// A booking opened by its e-mailed link, rendered by the server (docs/decisions/017-server-rendered-booking-page.md):
// the page golfers open on their phones arrives with the booking drawn, its course picture asked for by the markup,
// and the booking's JSON beside #root, from which the browser's first render draws the same page and hydrates it.
// The web build writes the render (dist/server/prerender.js, its server build of src/prerender.tsx) and the page's
// template (dist/server/booking.html, with the slots of @links/shared/booking-page); without them, or whenever
// the page cannot be rendered (an expired or altered link, a booking not to be shown, a render failing), the address
// gets the app shell as before, and the page asks for the booking and words the answer itself.

const TEMPLATE_FILE = 'booking.html';
const RENDER_MODULE = 'prerender.js';
const BOOKING_ADDRESS = /^\/confirmation\/(\d{1,20})$/;

type RenderedBooking = {
  number: string;
  signature: string;
  expires: string;
  data: Confirmation;
  at: number;
};
type RenderModule = {
  renderBookingPage: (
    location: string,
    booking: RenderedBooking,
  ) => Promise<{ hints: string[]; body: string }>;
};

/** The signed link's number and query when the address is exactly a booking's e-mailed link. */
function signedLink(url: string): { number: string; signature: string; expires: string } | null {
  const [path = '', search = ''] = url.split('?', 2);
  const number = BOOKING_ADDRESS.exec(path)?.[1];
  if (!number) return null;
  const query = new URLSearchParams(search);
  const signature = query.get('signature');
  const expires = query.get('expires');
  // Any other parameter (a payment's way back, a newsletter notice) changes the page: the client draws those.
  if (!signature || !expires || [...query.keys()].length !== 2) return null;
  return { number, signature, expires };
}

/** A JSON block inside HTML: nothing in it can end the <script> element or open a comment. */
const jsonBlock = (value: unknown) =>
  `<script type="application/json" id="${RENDERED_BOOKING_ID}">${JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')}</script>`;

export function bookingPageRenderer(app: FastifyInstance, webRoot: string): BookingPageRenderer | null {
  const templateFile = join(webRoot, WEB_SERVER_DIR, TEMPLATE_FILE);
  const moduleFile = join(webRoot, WEB_SERVER_DIR, RENDER_MODULE);
  if (!existsSync(templateFile) || !existsSync(moduleFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  if (Object.values(BOOKING_PAGE_SLOTS).some((slot) => !template.includes(slot))) {
    app.log.warn(
      { file: templateFile },
      'booking page template without its slots: the shell answers instead',
    );
    return null;
  }
  let render: Promise<RenderModule> | undefined;

  return async (request, reply) => {
    const link = request.method === 'GET' ? signedLink(request.url) : null;
    // While the site is closed the API answers the booking 503, and the page shows the maintenance notice.
    if (!link || (await app.maintenance.isOn())) return null;
    try {
      // The same checks and the same session grant as GET /v1/bookings/:number/confirmation with this query.
      const booking = await bookingForRequest(app, request, reply, link.number, link, { grant: true });
      const data = confirmationSchema.parse(await loadConfirmation(app, booking.id));
      render ??= import(pathToFileURL(moduleFile).href) as Promise<RenderModule>;
      const rendered: RenderedBooking = { ...link, data, at: Date.now() };
      const page = await (await render).renderBookingPage(request.url, rendered);
      return template
        .replace(BOOKING_PAGE_SLOTS.hints, page.hints.join('\n    '))
        .replace(BOOKING_PAGE_SLOTS.year, String(new Date().getFullYear()))
        .replace(BOOKING_PAGE_SLOTS.body, () => page.body)
        .replace(BOOKING_PAGE_SLOTS.data, () => jsonBlock(rendered));
    } catch (error) {
      // An expired or altered link, or a booking not to be shown: the shell, whose page asks and says so.
      if (!(error instanceof AppError)) {
        request.log.error(
          { err: error },
          'the booking page could not be rendered: the shell answers instead',
        );
      }
      return null;
    }
  };
}
