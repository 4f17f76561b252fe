import { formatMoney } from '@links/shared/money';

// Spec sections 2, 5 and 8 (Step 3, Payment): the texts a golfer reads on the payment step, word for word.

export const PAYMENT_MESSAGES = {
  errorTitle: 'There was an error processing your payment',
  submitFailed: 'An unexpected error occurred trying to submit the payment. Please try again later.',
  processFailed: 'An unexpected error occurred trying to process this payment. Please try again later.',
  termsRequired: 'Please confirm you agree to the terms and conditions',
  missingSecretTitle: 'An unknown error occurred',
  missingSecret:
    'We could not open the payment for this booking. Please contact us quoting ERR-035 and we will help you complete it.',
  timeLimitTitle: 'Payment time limit reached',
  timeLimitNotice:
    'Time limit reached. Sorry, you reached the reservation time limit and the booking has now been released. Please start a new booking.',
} as const;

/** The pay button: 'Pay £370.00 and secure booking'. */
export function payButtonLabel(amountPence: number): string {
  return `Pay ${formatMoney(amountPence)} and secure booking`;
}
