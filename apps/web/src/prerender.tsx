import { createContext, type ReactNode, useContext } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { type EarlyBooking, RenderedBookingContext } from './features/confirmation/api/early-booking';

const PageLocation = createContext('/');

function PageRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(PageLocation)}>{children}</StaticRouter>;
}

/**
 * The markup of the page at `location` as the browser's first render produces it (prerender waits for every Suspense
 * boundary, lazy routes included), with the booking a server-rendered booking page is drawn from. Any error throws,
 * rather than leave a page whose boundaries fall back to client rendering.
 */
async function renderMarkup(location: string, booking: EarlyBooking | null): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <PageLocation.Provider value={location}>
      <RenderedBookingContext.Provider value={booking}>
        <AppRoot Router={PageRouter} />
      </RenderedBookingContext.Provider>
    </PageLocation.Provider>,
    {
      // React outlines a boundary's content larger than this into a segment that inline scripts move into place,
      // to flush a stream's shell early; a page written whole has no stream to flush, and its policy refuses them.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const markup = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${location} failed`);
  return markup;
}

/**
 * The page's whole markup. The first render in a process meets the lazy routes' code still loading: React may then
 * write a boundary to complete by inline scripts (which the pages' content security policy refuses). Once loaded,
 * the code is at hand, and a later render is whole.
 */
async function wholeMarkup(location: string, booking: EarlyBooking | null): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const markup = await renderMarkup(location, booking);
    if (!INCOMPLETE.test(markup)) return markup;
  }
  throw new Error(`rendering ${location} left a boundary to complete on the client`);
}

/** Build-time only (build/prerender-pages.ts runs it in Node after the client build): a prerendered page's markup. */
export function prerenderPage(location: string): Promise<string> {
  return wholeMarkup(location, null);
}

/** What the API puts into the booking page's template: the resource hints React found, and #root's markup. */
export type RenderedPage = { hints: string[]; body: string };

/**
 * Run by the API, per request (decision 017): the page of a booking opened by its e-mailed link, drawn from the
 * booking the API has just read for that link, exactly as the browser's first render draws it from the same booking
 * (its JSON goes beside #root). React puts the resource hints it finds (the course picture's preload) before the
 * markup, as it renders no <head>: they are answered apart, for the head.
 */
export async function renderBookingPage(location: string, booking: EarlyBooking): Promise<RenderedPage> {
  const markup = await wholeMarkup(location, booking);
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  return { hints: hints.match(/<link [^>]*>/g) ?? [], body: markup.slice(hints.length) };
}

/** Markup React left to complete in the browser: a pending boundary, and the scripts that fill it. */
const INCOMPLETE = /<!--\$\?-->|<script/;
