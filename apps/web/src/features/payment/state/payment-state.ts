// Spec section 3, "Payment state", and the section 4 "Payment" transitions. The step's own state: it lives while
// the payment page is open, apart from the booking (which survives reloads).

export type PaymentState = {
  /** The provider has taken the payment (the intent succeeded); only recording it with the server remains. */
  paymentProcessed: boolean;
  isExpired: boolean;
  /** A submission is under way: the pay button does nothing until it ends. */
  isPaymentSubmitted: boolean;
  /** The id of the intent the provider reported on last. */
  paymentIntent: string | null;
  paymentError: string | null;
  bookingId: number | null;
  paymentType: 'purchase';
  /** Reading a redirect's outcome (3-D Secure) before the form can be used. */
  paymentLoading: boolean;
};

export type PaymentAction =
  | { type: 'submitted' }
  | { type: 'processed'; paymentIntent: string }
  | { type: 'failed'; message: string }
  /** The submission stopped before reaching the provider (the card details need correcting). */
  | { type: 'stopped' }
  | { type: 'error-dismissed' }
  | { type: 'expired' }
  | { type: 'redirect-checking' };

export function initialPaymentState(bookingId: number | null): PaymentState {
  return {
    paymentProcessed: false,
    isExpired: false,
    isPaymentSubmitted: false,
    paymentIntent: null,
    paymentError: null,
    bookingId,
    paymentType: 'purchase',
    paymentLoading: false,
  };
}

export function paymentReducer(state: PaymentState, action: PaymentAction): PaymentState {
  switch (action.type) {
    case 'submitted':
      return { ...state, isPaymentSubmitted: true, paymentError: null };
    case 'processed':
      return { ...state, paymentProcessed: true, paymentIntent: action.paymentIntent, paymentLoading: false };
    case 'failed':
      return { ...state, isPaymentSubmitted: false, paymentLoading: false, paymentError: action.message };
    case 'stopped':
      return { ...state, isPaymentSubmitted: false };
    case 'error-dismissed':
      return { ...state, paymentError: null };
    case 'expired':
      return { ...state, isExpired: true };
    case 'redirect-checking':
      return { ...state, paymentLoading: true, isPaymentSubmitted: true };
  }
}

/** Spec section 4: submission is blocked while the form is not ready, the booking has expired, or one is running. */
export function canSubmitPayment(
  state: PaymentState,
  conditions: { formReady: boolean; bookingExpired: boolean },
): boolean {
  return (
    conditions.formReady &&
    !conditions.bookingExpired &&
    !state.isExpired &&
    !state.isPaymentSubmitted &&
    !state.paymentLoading
  );
}
