import { RENDERED_BOOKING_ID } from '@links/shared/booking-page';
import type { Confirmation } from '@links/shared/schemas/confirmation';
import { createContext } from 'react';

/**
 * A booking opened by its e-mailed link, read before the page's first render: by the server that rendered the page
 * (its JSON beside #root: the API's web-app plugin, decision 017), or asked for by the shell's head script as the
 * page arrived (build/prerender-pages.ts), whose answer the page takes once instead of asking again.
 */
export type EarlyBooking = {
  number: string;
  signature: string;
  expires: string;
  /** The booking, once read (the server's render, or the head script once the answer arrived). */
  data?: Confirmation;
  /** When it was read (ms since the epoch): the page's clock for the booking starts there. */
  at?: number;
  /** The head script's request, until the page takes it. */
  answer?: Promise<Response>;
};

/** On the server: the booking the page is being rendered with (prerender.tsx). */
export const RenderedBookingContext = createContext<EarlyBooking | null>(null);

const holder = () => window as { __earlyBooking?: EarlyBooking };

/** In the browser: the booking the server rendered the page with, else the shell's request, else none. */
export function pageEarlyBooking(): EarlyBooking | null {
  if (typeof window === 'undefined') return null;
  const known = holder().__earlyBooking;
  if (known) return known;
  const text = document.getElementById(RENDERED_BOOKING_ID)?.textContent;
  if (!text) return null;
  try {
    const rendered = JSON.parse(text) as EarlyBooking;
    holder().__earlyBooking = rendered;
    return rendered;
  } catch {
    return null;
  }
}

/** The head script's request, once: the page's fetch takes it instead of asking again. */
export function takeEarlyAnswer(): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : holder().__earlyBooking;
  if (!early?.answer) return null;
  const { answer } = early;
  delete early.answer;
  return answer;
}
