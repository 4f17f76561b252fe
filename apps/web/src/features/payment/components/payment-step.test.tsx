// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { paymentConfigQueryOptions } from '../api/get-payment-config';
import { PAYMENT_MESSAGES } from '../payment-messages';
import { PaymentStep, type PaymentStepProps } from './payment-step';

const SECRET = 'pi_sbx_abc_secret_def';
const DECLINED = 'Your card was declined.';

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answer: (call: Call) => Response | Promise<Response>;

const intent = (status: string, extra: object = {}) => ({
  payment_intent: {
    id: 'pi_sbx_abc',
    object: 'payment_intent',
    amount: 75000,
    currency: 'gbp',
    status,
    client_secret: SECRET,
    last_payment_error: null,
    next_action: null,
    ...extra,
  },
});

beforeEach(() => {
  calls = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Ada Golfer' } });
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
}

const payButton = () => screen.getByRole('button', { name: 'Pay £750.00 and secure booking' });
const confirmCalls = () => calls.filter((call) => call.url.endsWith('/confirm'));

describe('PaymentStep', () => {
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

  it('formats the card number as it is typed', () => {
    renderStep();
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '4242424242424242' } });
    expect(number.value).toBe('4242 4242 4242 4242');
  });

  it('requires the terms before anything is sent', async () => {
    renderStep();
    fillCard('4242424242424242');
    fireEvent.click(payButton());
    expect(await screen.findByText(PAYMENT_MESSAGES.termsRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows card problems beside their fields without contacting the provider', async () => {
    renderStep();
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    fillCard('4242424242424241');
    fireEvent.click(payButton());
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(confirmCalls()).toEqual([]);
  });

  it("shows a decline's message in a dismissible banner, then pays with another card and records it", async () => {
    answer = (call) => {
      if (call.url.endsWith('/confirm')) {
        const card = (call.body as { card: { number: string } }).card;
        return card.number === '4000000000000002'
          ? Response.json({ error: { message: DECLINED, code: 'card_declined' } }, { status: 402 })
          : Response.json({ data: intent('succeeded') });
      }
      if (call.url === '/v1/bookings/42/payment') {
        return Response.json({ data: { confirmation_url: '/confirmation/100042?signature=s&expires=1' } });
      }
      return Response.json({ error: { message: 'unexpected' } }, { status: 500 });
    };
    const props = renderStep();
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    fillCard('4000000000000002');
    fireEvent.click(payButton());

    expect(await screen.findByText(PAYMENT_MESSAGES.errorTitle)).toBeTruthy();
    expect(screen.getByText(DECLINED)).toBeTruthy();
    expect(props.onPaid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(DECLINED)).toBeNull();

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.click(payButton());
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
      body: { booking_id: 42, payment_intent: 'pi_sbx_abc', newsletter: true },
    });
  });

  it('sends one payment however often the button is pressed', async () => {
    let release: () => void = () => undefined;
    answer = (call) =>
      call.url.endsWith('/confirm')
        ? new Promise((resolve) => {
            release = () => resolve(Response.json({ error: { message: DECLINED } }, { status: 402 }));
          })
        : Response.json({ error: { message: 'unexpected' } }, { status: 500 });
    renderStep();
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    fillCard('4000000000000002');
    const form = screen.getByRole('form', { name: 'Card payment' });
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
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderStep();
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    fillCard('4242424242424242');
    fireEvent.click(payButton());
    expect(await screen.findByText(PAYMENT_MESSAGES.submitFailed)).toBeTruthy();
  });

  it('completes a payment that returns from 3-D Secure with its client secret', async () => {
    answer = (call) => {
      if (call.url.startsWith('/v1/sandbox/payment_intents/pi_sbx_abc?')) {
        return Response.json({ data: intent('succeeded') });
      }
      if (call.url === '/v1/bookings/42/payment') {
        return Response.json({ data: { confirmation_url: '/confirmation/100042' } });
      }
      return Response.json({ error: { message: 'unexpected' } }, { status: 500 });
    };
    const props = renderStep(
      {},
      `/payment-details?payment_intent=pi_sbx_abc&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`,
    );
    await waitFor(() => expect(props.onPaid).toHaveBeenCalledWith('/confirmation/100042'));
    expect(calls[0]?.url).toContain(`client_secret=${SECRET}`);
  });

  it('shows why a 3-D Secure payment failed when it returns unpaid', async () => {
    const failure = 'We are unable to authenticate your payment method.';
    answer = () =>
      Response.json({
        data: intent('requires_payment_method', {
          last_payment_error: { type: 'card_error', code: 'x', message: failure },
        }),
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
