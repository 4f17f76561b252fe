// @vitest-environment happy-dom
import {
  CONFIRMATION_MESSAGES,
  type Confirmation,
  confirmationResponseSchema,
} from '@links/shared/schemas/confirmation';
import { paymentConfigResponseSchema } from '@links/shared/schemas/payments';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedOut } from '@/test/api-handlers';
import { answer, held, type Received, recorded, refuse, useApiServer, v1 } from '@/test/api-server';
import { renderRoute as renderAt } from '@/test/render-route';
import { PIN_ERROR_FALLBACK } from './api/confirmation-api';
import { fixtureConfirmation } from './test/confirmation-fixture';

const booking = (confirmation: Confirmation = fixtureConfirmation()) =>
  answer(confirmationResponseSchema, { data: confirmation });

const SIGNED = '/confirmation/260000123?signature=abc&expires=1800000000';

describe('/confirmation', () => {
  const server = useApiServer();
  /** The visitor is signed out; GET /v1/bookings/{number}/confirmation is answered by `respond`. */
  function serveBooking(respond: (bookingNumber: string) => Response, calls: Received[] = []) {
    server.use(
      signedOut(),
      http.get(
        v1('/bookings/:number/confirmation'),
        recorded(calls, ({ params }) => respond(String(params.number))),
      ),
    );
    return calls;
  }
  // The page is a lazy chunk: load it once up front so the first test's queries do not time out on the import.
  beforeAll(async () => {
    await import('@/app/routes/confirmation');
  }, 60_000);
  beforeEach(() => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test; path=/';
  });
  afterEach(() => cleanup());

  it('opens the booking from the signed link', async () => {
    const calls = serveBooking(() => booking());
    renderAt(SIGNED);
    expect(await screen.findByRole('heading', { name: 'Tee-rific! Your booking is confirmed' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain(
      '/v1/bookings/260000123/confirmation?signature=abc&expires=1800000000',
    );
    expect(screen.getByText('Wednesday 25th November 2026 at 2:30pm')).toBeTruthy();
    expect(screen.getByText('No tee time selected yet')).toBeTruthy();
    expect(screen.getByText('VAT at 20%')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Manage your caddies' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Need to make changes?' })).toBeTruthy();
    expect(screen.queryByText('A payment is due on this booking')).toBeNull();
    expect(screen.queryByText('Thanks for playing')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/v1/bookings/260000123/calendar.ics',
    );
    expect(document.title).toBe('Booking 260000123 | Online Booking');
  });

  it('falls back to the PIN form with the expired message when the signed fetch fails', async () => {
    serveBooking(() => refuse(403, { code: 'link_expired', message: CONFIRMATION_MESSAGES.linkExpired }));
    renderAt(SIGNED);
    expect(await screen.findByText('Sorry, your booking link has expired.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This page is protected for your security' })).toBeTruthy();
    // The PIN form is a chunk of its own.
    const number = (await screen.findByLabelText('Booking number')) as HTMLInputElement;
    expect(number.value).toBe('260000123');
    expect(number.readOnly).toBe(true);
    expect(number.inputMode).toBe('numeric');
    expect(number.maxLength).toBe(24);
    expect((screen.getByLabelText('PIN code') as HTMLInputElement).type).toBe('password');
  });

  it('asks for the PIN without a message when the session has no access, and names an unknown booking', async () => {
    serveBooking((bookingNumber) =>
      bookingNumber === '260000123'
        ? refuse(403, { code: 'access_required', message: CONFIRMATION_MESSAGES.accessRequired })
        : refuse(404, { code: 'booking_not_found', message: CONFIRMATION_MESSAGES.unknownBooking }),
    );
    renderAt('/confirmation/260000123');
    expect(await screen.findByRole('button', { name: 'View booking' })).toBeTruthy();
    expect(screen.queryByText('Sorry, your booking link has expired.')).toBeNull();
    expect(screen.queryByText("We don't recognise this booking.")).toBeNull();
    cleanup();
    renderAt('/confirmation/999999');
    expect(await screen.findByText("We don't recognise this booking.")).toBeTruthy();
  });

  it('validates the PIN form, shows the busy text, the server message and ERR-045, then opens the booking', async () => {
    let pinAnswer: () => Response = () =>
      refuse(422, {
        code: 'pin_invalid',
        message: CONFIRMATION_MESSAGES.pinInvalid,
        fields: { pin: CONFIRMATION_MESSAGES.pinInvalid },
      });
    let release: (() => void) | undefined;
    const posts: Received[] = [];
    serveBooking(() =>
      refuse(403, { code: 'access_required', message: CONFIRMATION_MESSAGES.accessRequired }),
    );
    server.use(
      http.post(
        v1('/bookings/:number/confirmation'),
        recorded(
          posts,
          held(
            () => pinAnswer(),
            (next) => {
              release = next;
            },
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    const router = renderAt('/confirmation');
    const number = (await screen.findByLabelText('Booking number')) as HTMLInputElement;
    expect(number.readOnly).toBe(false);

    await user.click(screen.getByRole('button', { name: 'View booking' }));
    expect(await screen.findByText('Please enter a your booking number')).toBeTruthy();
    expect(screen.getByText('Please enter your pin code')).toBeTruthy();

    await user.type(number, '260000123');
    await user.type(screen.getByLabelText('PIN code'), '0000');
    await user.click(screen.getByRole('button', { name: 'View booking' }));
    expect(await screen.findByText('Checking for booking...')).toBeTruthy();
    await waitFor(() => expect(release).toBeDefined());
    act(() => release?.());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('There was an error with your booking request');
    expect(within(banner).getAllByText('The booking number or PIN code is not correct.').length).toBe(1);
    // The field's own message sits beneath the PIN field.
    expect(screen.getByLabelText('PIN code').getAttribute('aria-describedby')).toBe('pin-code-error');

    // A gateway's answer, not the API's.
    pinAnswer = () => new HttpResponse('upstream down', { status: 502 });
    release = undefined;
    await user.click(screen.getByRole('button', { name: 'View booking' }));
    await waitFor(() => expect(release).toBeDefined());
    act(() => release?.());
    expect(await screen.findByText(PIN_ERROR_FALLBACK)).toBeTruthy();

    pinAnswer = () => booking();
    release = undefined;
    await user.click(screen.getByRole('button', { name: 'View booking' }));
    await waitFor(() => expect(release).toBeDefined());
    act(() => release?.());
    expect(await screen.findByRole('heading', { name: 'Tee-rific! Your booking is confirmed' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/confirmation/260000123');
    expect(posts[0]?.url).toBe('/v1/bookings/260000123/confirmation');
    expect(posts[0]?.body).toEqual({ booking_id: '260000123', pin: '0000' });
  });

  it('shows the due banner, and after play thanks the golfers instead, without caddies or changes', async () => {
    let confirmation = fixtureConfirmation({
      totals: { net: 26750, vat: 5350, payable: 32100, paid: 16050, due: 16050 },
      amount_paid: 16050,
      payment_method: 'deposit',
      balance_due_at: '2026-12-28T00:00:00.000Z',
    });
    serveBooking(() => booking(confirmation));
    server.use(
      http.get(v1('/payments/config'), () =>
        answer(paymentConfigResponseSchema, { data: { mode: 'sandbox', publishable_key: null } }),
      ),
    );
    renderAt(SIGNED);
    const due = await screen.findByText('A payment is due on this booking');
    expect(due.closest('[role="alert"]')?.textContent).toContain(
      'A balance of £160.50 remains to be paid by Monday 28th December 2026. Pay it by card below, or call',
    );
    // Issue 24: the due can be paid here, in whole or in part, never more (checked before anything is asked).
    const pay = await screen.findByRole('region', { name: 'Pay online' });
    const amount = await within(pay).findByLabelText('Amount to pay (£)');
    expect(amount).toHaveProperty('value', '160.50');
    fireEvent.change(amount, { target: { value: '160.51' } });
    fireEvent.click(within(pay).getByRole('button', { name: 'Continue to card payment' }));
    expect(await within(pay).findByText('You can pay at most £160.50, the amount due.')).toBeTruthy();
    // No statement in the answer: no Payments section.
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
    cleanup();

    // The statement: each payment and refund, then what is due and by when.
    confirmation = {
      ...confirmation,
      statement: [
        {
          at: '2026-11-02T10:00:00.000Z',
          kind: 'card_payment',
          description: 'Card payment',
          amount: 16050,
          pending: false,
        },
        {
          at: '2026-11-20T10:00:00.000Z',
          kind: 'refund',
          description: 'Refund to the card',
          amount: -1000,
          pending: true,
        },
      ],
    };
    renderAt(SIGNED);
    const payments = await screen.findByRole('table', {
      name: 'Payments and refunds, oldest first, and what is due',
    });
    const rows = within(payments)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Card payment, Monday 2nd November 2026£160.50',
      'Refund to the card, Friday 20th November 2026 (being processed)-£10.00',
      'Due by Monday 28th December 2026£160.50',
    ]);
    cleanup();

    confirmation = { ...confirmation, has_played: true };
    renderAt(SIGNED);
    expect(await screen.findByText('Thanks for playing')).toBeTruthy();
    expect(screen.queryByText('A payment is due on this booking')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Manage your caddies' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Need to make changes?' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Other dues paid at play' })).toBeTruthy();
  });

  it('opens the restaurant widget in a modal that Escape closes', async () => {
    serveBooking(() => booking());
    const user = userEvent.setup();
    renderAt(SIGNED);
    const open = await screen.findByRole('button', { name: 'Book a table' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Book a table' });
    expect(within(dialog).getByText('Loading booking widget...')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('after a successful payment: confetti, the e-mail text, the link, and no client secret in the address', async () => {
    const calls = serveBooking(() => booking());
    const router = renderAt(
      '/confirmation/260000123?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded&nl=newly_subscribed',
    );
    expect(await screen.findByRole('heading', { name: 'Tee-rific! Your booking is confirmed' })).toBeTruthy();
    expect(screen.getByText(/e-mailed your booking confirmation with a PIN code/)).toBeTruthy();
    expect(screen.getByText('Welcome to our newsletter')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your booking' }).getAttribute('href')).toBe(
      '/confirmation/260000123',
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe('?redirect_status=succeeded&nl=newly_subscribed'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    // The success view is shown for a booking this session may see: it was asked for.
    expect(calls.some((call) => call.url.startsWith('/v1/bookings/260000123'))).toBe(true);
  });

  it('names the address the e-mail went to when step 3 handed it over', async () => {
    serveBooking(() => booking());
    renderAt({
      pathname: '/confirmation/260000123',
      search: '?redirect_status=succeeded',
      state: { email: 'ada@example.com' },
    });
    expect(await screen.findByText(/e-mailed your booking confirmation with a PIN code to/)).toHaveProperty(
      'textContent',
      expect.stringContaining('ada@example.com'),
    );
  });

  it('claims no success for a booking this session cannot see: the PIN gate instead', async () => {
    serveBooking(() => refuse(404, { code: 'not_found', message: 'We could not find this booking.' }));
    renderAt('/confirmation/999999999?redirect_status=succeeded');
    expect(
      await screen.findByRole('heading', { name: 'This page is protected for your security' }),
    ).toBeTruthy();
    expect(screen.queryByText('Tee-rific! Your booking is confirmed')).toBeNull();
    expect(screen.queryByText('Your payment was successful')).toBeNull();
  });

  it('after a failed payment, says so with a contact link; each newsletter status has its message', async () => {
    server.use(signedOut());
    renderAt('/confirmation/260000123?redirect_status=failed&nl=already_subscribed');
    const failed = await screen.findByText('Your payment failed and we cannot retrieve your booking');
    expect(
      within(failed.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: /contact/ }),
    ).toBeTruthy();
    expect(screen.getByText('You are already on our mailing list')).toBeTruthy();
    cleanup();
    renderAt('/confirmation/260000123?redirect_status=failed&nl=unsubscribed');
    expect(await screen.findByText('You have been unsubscribed')).toBeTruthy();
  });
});
