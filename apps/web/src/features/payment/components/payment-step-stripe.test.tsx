// @vitest-environment happy-dom
import { recordPaymentResponseSchema } from '@links/shared/schemas/contact-details';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiServer, type Received, recorded, requestLog, useApiServer, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { paymentConfigQueryOptions } from '../api/get-payment-config';
import type { CardFormHandle, ConfirmOutcome } from '../card/confirm-outcome';
import { PaymentStep, type PaymentStepProps } from './payment-step';

// Stripe mode's wiring: the Payment Element form (loaded from js.stripe.com, so not here) is replaced by a stand-in
// that answers confirm as Stripe.js would; the page must pass it the key and secret, honour its outcome, and read
// a redirect's outcome through Stripe.js's retrievePaymentIntent.

const SECRET = 'pi_live_123_secret_456';
const stripe = vi.hoisted(() => ({
  outcome: { kind: 'succeeded', paymentIntent: 'pi_live_123' } as ConfirmOutcome,
  mounted: [] as { publishableKey: string; clientSecret: string }[],
  retrieve: vi.fn(),
}));

vi.mock('./stripe-card-form', () => ({
  default: function StripeStandIn(props: {
    publishableKey: string;
    clientSecret: string;
    onHandleChange: (handle: CardFormHandle | null) => void;
  }) {
    const { onHandleChange } = props;
    stripe.mounted.push({ publishableKey: props.publishableKey, clientSecret: props.clientSecret });
    useEffect(() => {
      onHandleChange({ confirm: async () => stripe.outcome });
      return () => onHandleChange(null);
    }, [onHandleChange]);
    return <p>Stripe Payment Element</p>;
  },
}));

vi.mock('../api/stripe', () => ({ retrieveStripeIntent: stripe.retrieve, getStripe: vi.fn() }));

let calls: Received[];
let requests: string[];

function renderStripeStep(url = '/payment-details') {
  const props: PaymentStepProps = {
    bookingId: 42,
    clientSecret: SECRET,
    amount: 37000,
    bookingNumber: '100042',
    newsletter: false,
    countdownStarted: true,
    bookingExpired: false,
    returnPath: '/payment-details',
    termsUrl: 'https://example.com/terms',
    summary: null,
    onPaid: vi.fn(),
    allowLeavingPage: vi.fn(),
  };
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <PaymentStep {...props} />
    </MemoryRouter>,
    (client) =>
      client.setQueryData(paymentConfigQueryOptions().queryKey, {
        mode: 'stripe',
        publishable_key: 'pk_test_abc',
      }),
  );
  return props;
}

async function pay() {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/I agree to the/));
  await user.click(await screen.findByRole('button', { name: 'Pay £370.00 and secure booking' }));
}

describe('PaymentStep with Stripe', () => {
  useApiServer();
  beforeEach(() => {
    calls = [];
    requests = requestLog();
    stripe.mounted = [];
    stripe.retrieve.mockReset();
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
    apiServer.use(
      http.patch(
        v1('/bookings/:id/payment'),
        recorded(calls, () =>
          answer(recordPaymentResponseSchema, {
            data: { confirmation_url: '/confirmation/100042?signature=s&expires=1' },
          }),
        ),
      ),
    );
  });
  afterEach(() => cleanup());

  it('shows the Payment Element for the intent, not the test-mode form', async () => {
    renderStripeStep();
    expect(await screen.findByText('Stripe Payment Element')).toBeTruthy();
    expect(screen.queryByText('TEST MODE')).toBeNull();
    expect(stripe.mounted.at(-1)).toEqual({ publishableKey: 'pk_test_abc', clientSecret: SECRET });
  });

  it('records a payment Stripe confirmed and goes to its confirmation page', async () => {
    stripe.outcome = { kind: 'succeeded', paymentIntent: 'pi_live_123' };
    const props = renderStripeStep();
    await screen.findByText('Stripe Payment Element');
    await pay();
    await waitFor(() =>
      expect(props.onPaid).toHaveBeenCalledWith('/confirmation/100042?signature=s&expires=1'),
    );
    expect(calls.map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/v1/bookings/42/payment',
        body: { booking_id: 42, payment_intent: 'pi_live_123', newsletter: false },
      },
    ]);
    expect(requests).toHaveLength(1);
    // Leaving for 3-D Secure was allowed only while Stripe confirmed.
    expect(props.allowLeavingPage).toHaveBeenNthCalledWith(1, true);
    expect(props.allowLeavingPage).toHaveBeenLastCalledWith(false);
  });

  it("shows Stripe's message when it declines", async () => {
    stripe.outcome = { kind: 'failed', message: 'Your card has insufficient funds.' };
    const props = renderStripeStep();
    await screen.findByText('Stripe Payment Element');
    await pay();
    expect(await screen.findByText('Your card has insufficient funds.')).toBeTruthy();
    expect(props.onPaid).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it('reads the outcome of a redirect through Stripe.js', async () => {
    stripe.retrieve.mockResolvedValue({ id: 'pi_live_123', status: 'succeeded', last_payment_error: null });
    const props = renderStripeStep(`/payment-details?payment_intent_client_secret=${SECRET}`);
    await waitFor(() => expect(props.onPaid).toHaveBeenCalled());
    expect(stripe.retrieve).toHaveBeenCalledWith('pk_test_abc', SECRET);
  });
});
