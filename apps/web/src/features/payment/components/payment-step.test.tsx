// @vitest-environment happy-dom
import { recordPaymentResponseSchema } from '@links/shared/schemas/contact-details';
import type { DataOf } from '@links/shared/schemas/envelope';
import { sandboxIntentResponseSchema } from '@links/shared/schemas/payments';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  apiServer,
  type Received,
  recorded,
  refuse,
  requestLog,
  useApiServer,
  v1,
} from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { paymentConfigQueryOptions } from '../api/get-payment-config';
import { PAYMENT_MESSAGES } from '../payment-messages';
import { PaymentStep, type PaymentStepProps } from './payment-step';

const SECRET = 'pi_sbx_abc_secret_def';
const DECLINED = 'Your card was declined.';

type PaymentIntent = DataOf<typeof sandboxIntentResponseSchema>['payment_intent'];

/** The sandbox's answer for the intent (GET and confirm). */
const intent = (
  status: PaymentIntent['status'],
  lastPaymentError: PaymentIntent['last_payment_error'] = null,
) =>
  answer(sandboxIntentResponseSchema, {
    data: {
      payment_intent: {
        id: 'pi_sbx_abc',
        object: 'payment_intent',
        amount: 75000,
        currency: 'gbp',
        status,
        client_secret: SECRET,
        last_payment_error: lastPaymentError,
        next_action: null,
      },
    },
  });
const declined = () => refuse(402, { code: 'card_declined', message: DECLINED });
const recordedPayment = (confirmationUrl: string) =>
  answer(recordPaymentResponseSchema, { data: { confirmation_url: confirmationUrl } });

let calls: Received[];
let requests: string[];

/** The sandbox's confirm, its intent read and the payment record, each answered by its resolver. */
function serve(answers: {
  confirm?: (body: { card: { number: string } }) => Response | Promise<Response>;
  retrieve?: () => Response;
  record?: () => Response;
}) {
  const { confirm, retrieve, record } = answers;
  apiServer.use(
    ...(confirm
      ? [
          http.post(
            v1('/sandbox/payment_intents/:id/confirm'),
            recorded(calls, (_info, call) => confirm(call.body as { card: { number: string } })),
          ),
        ]
      : []),
    ...(retrieve ? [http.get(v1('/sandbox/payment_intents/:id'), recorded(calls, retrieve))] : []),
    ...(record ? [http.patch(v1('/bookings/:id/payment'), recorded(calls, record))] : []),
  );
}

function renderStep(overrides: Partial<PaymentStepProps> = {}, url = '/payment-details') {
  const props: PaymentStepProps = {
    bookingId: 42,
    clientSecret: SECRET,
    amount: 75000,
    bookingNumber: '100042',
    newsletter: true,
    countdownStarted: true,
    bookingExpired: false,
    returnPath: '/payment-details',
    termsUrl: 'https://example.com/terms',
    summary: <p>Summary</p>,
    onPaid: vi.fn(),
    ...overrides,
  };
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <PaymentStep {...props} />
    </MemoryRouter>,
    (client) =>
      client.setQueryData(paymentConfigQueryOptions().queryKey, { mode: 'sandbox', publishable_key: null }),
  );
  return props;
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Name on card'), 'Ada Golfer');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1234');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

const payButton = () => screen.getByRole('button', { name: 'Pay £750.00 and secure booking' });
const confirmCalls = () => calls.filter((call) => call.url.endsWith('/confirm'));

describe('PaymentStep', () => {
  useApiServer();
  beforeEach(() => {
    calls = [];
    requests = requestLog();
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });

  afterEach(() => cleanup());

  it('shows loading skeletons, not the form, until the countdown starts', () => {
    renderStep({ countdownStarted: false });
    expect(screen.getByText('Loading your payment')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay £/ })).toBeNull();
  });

  it('asks the golfer to quote ERR-035 when there is no payment secret', () => {
    renderStep({ clientSecret: null });
    expect(screen.getByText(PAYMENT_MESSAGES.missingSecretTitle)).toBeTruthy();
    expect(screen.getByText(/ERR-035/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay £/ })).toBeNull();
  });

  it('covers the form once the booking has expired and takes the pay button away', () => {
    renderStep({ bookingExpired: true });
    expect(screen.getByText(PAYMENT_MESSAGES.timeLimitTitle)).toBeTruthy();
    expect(screen.getByText(PAYMENT_MESSAGES.timeLimitNotice)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay £/ })).toBeNull();
    expect((screen.getByLabelText(/I agree to the/) as HTMLInputElement).disabled).toBe(true);
  });

  it('marks the card form as test mode and lists the test cards', () => {
    renderStep();
    expect(screen.getByText('TEST MODE')).toBeTruthy();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
    expect(screen.getByText('4000 0025 0000 3155')).toBeTruthy();
  });

  it('formats the card number as it is typed', async () => {
    const user = userEvent.setup();
    renderStep();
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    await user.type(number, '4242424242424242');
    expect(number.value).toBe('4242 4242 4242 4242');
  });

  it('requires the terms before anything is sent', async () => {
    const user = userEvent.setup();
    renderStep();
    await fillCard(user, '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByText(PAYMENT_MESSAGES.termsRequired)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('shows card problems beside their fields without contacting the provider', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByLabelText(/I agree to the/));
    await fillCard(user, '4242424242424241');
    await user.click(payButton());
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("shows a decline's message in a dismissible banner, then pays with another card and records it", async () => {
    serve({
      confirm: ({ card }) => (card.number === '4000000000000002' ? declined() : intent('succeeded')),
      record: () => recordedPayment('/confirmation/100042?signature=s&expires=1'),
    });
    const user = userEvent.setup();
    const props = renderStep();
    await user.click(screen.getByLabelText(/I agree to the/));
    await fillCard(user, '4000000000000002');
    await user.click(payButton());

    expect(await screen.findByText(PAYMENT_MESSAGES.errorTitle)).toBeTruthy();
    expect(screen.getByText(DECLINED)).toBeTruthy();
    expect(props.onPaid).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(DECLINED)).toBeNull();

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(payButton());
    await waitFor(() =>
      expect(props.onPaid).toHaveBeenCalledWith('/confirmation/100042?signature=s&expires=1'),
    );
    expect(confirmCalls()[1]?.body).toMatchObject({
      client_secret: SECRET,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      return_url: '/payment-details',
    });
    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/v1/bookings/42/payment',
      body: { booking_id: 42, payment_intent: 'pi_sbx_abc', newsletter: true },
    });
  });

  it('sends one payment however often the button is pressed', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve({
      confirm: async () => {
        await released;
        return declined();
      },
    });
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByLabelText(/I agree to the/));
    await fillCard(user, '4000000000000002');
    const form = screen.getByRole('form', { name: 'Card payment' });
    // Submits dispatched on the form itself: two back to back, before the page can take its button away, and one
    // while it shows Processing. No click or Enter can send those (user-event presses no disabled button).
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(confirmCalls()).toHaveLength(1));
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: /Processing your payment/ })).toBeTruthy();
    release();
    expect(await screen.findByText(DECLINED)).toBeTruthy();
    expect(confirmCalls()).toHaveLength(1);
  });

  it('falls back to the spec message when submitting fails without an answer', async () => {
    serve({ confirm: () => HttpResponse.error() });
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByLabelText(/I agree to the/));
    await fillCard(user, '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByText(PAYMENT_MESSAGES.submitFailed)).toBeTruthy();
  });

  it('completes a payment that returns from 3-D Secure with its client secret', async () => {
    serve({ retrieve: () => intent('succeeded'), record: () => recordedPayment('/confirmation/100042') });
    const props = renderStep(
      {},
      `/payment-details?payment_intent=pi_sbx_abc&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`,
    );
    await waitFor(() => expect(props.onPaid).toHaveBeenCalledWith('/confirmation/100042'));
    expect(calls[0]?.url).toBe(`/v1/sandbox/payment_intents/pi_sbx_abc?client_secret=${SECRET}`);
  });

  it('shows why a 3-D Secure payment failed when it returns unpaid', async () => {
    const failure = 'We are unable to authenticate your payment method.';
    serve({
      retrieve: () => intent('requires_payment_method', { type: 'card_error', code: 'x', message: failure }),
    });
    const props = renderStep(
      {},
      `/payment-details?payment_intent_client_secret=${SECRET}&redirect_status=failed`,
    );
    expect(await screen.findByText(failure)).toBeTruthy();
    expect(props.onPaid).not.toHaveBeenCalled();
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  });
});
