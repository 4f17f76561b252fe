import { describe, expect, it } from 'vitest';
import { payButtonLabel } from '../payment-messages';
import { canSubmitPayment, initialPaymentState, paymentReducer } from './payment-state';

const ready = { formReady: true, bookingExpired: false };

describe('payment state', () => {
  it('starts idle for the booking, as a purchase', () => {
    const state = initialPaymentState(12);
    expect(state).toMatchObject({ bookingId: 12, paymentType: 'purchase', isPaymentSubmitted: false });
    expect(canSubmitPayment(state, ready)).toBe(true);
  });

  it('blocks a second submission while one runs, and allows a retry after a failure', () => {
    const submitted = paymentReducer(initialPaymentState(1), { type: 'submitted' });
    expect(canSubmitPayment(submitted, ready)).toBe(false);
    const failed = paymentReducer(submitted, { type: 'failed', message: 'Your card was declined.' });
    expect(failed.paymentError).toBe('Your card was declined.');
    expect(canSubmitPayment(failed, ready)).toBe(true);
    // A new attempt clears the last error.
    expect(paymentReducer(failed, { type: 'submitted' }).paymentError).toBeNull();
  });

  it('blocks submission while the form is not ready or the booking has expired', () => {
    const state = initialPaymentState(1);
    expect(canSubmitPayment(state, { formReady: false, bookingExpired: false })).toBe(false);
    expect(canSubmitPayment(state, { formReady: true, bookingExpired: true })).toBe(false);
    expect(canSubmitPayment(paymentReducer(state, { type: 'expired' }), ready)).toBe(false);
  });

  it('keeps a processed payment processed when recording it fails, so a retry only records it', () => {
    let state = paymentReducer(initialPaymentState(1), { type: 'submitted' });
    state = paymentReducer(state, { type: 'processed', paymentIntent: 'pi_1' });
    state = paymentReducer(state, { type: 'failed', message: 'Try again' });
    expect(state).toMatchObject({ paymentProcessed: true, paymentIntent: 'pi_1', isPaymentSubmitted: false });
  });

  it('blocks the form while a redirect outcome is being read', () => {
    const checking = paymentReducer(initialPaymentState(1), { type: 'redirect-checking' });
    expect(checking.paymentLoading).toBe(true);
    expect(canSubmitPayment(checking, ready)).toBe(false);
    const dismissed = paymentReducer(paymentReducer(checking, { type: 'failed', message: 'x' }), {
      type: 'error-dismissed',
    });
    expect(dismissed).toMatchObject({ paymentLoading: false, paymentError: null });
  });
});

describe('payButtonLabel', () => {
  it('names the amount in pounds and pence', () => {
    expect(payButtonLabel(37000)).toBe('Pay £370.00 and secure booking');
    expect(payButtonLabel(123456)).toBe('Pay £1,234.56 and secure booking');
  });
});
