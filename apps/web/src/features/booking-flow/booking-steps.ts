import { paths } from '@/config/paths';

export type BookingStepNumber = 1 | 2 | 3;

export type BookingStep = {
  number: BookingStepNumber;
  path: string;
  label: string;
  shortLabel: string;
};

/** Spec section 2, "Booking flow": after step 3 the next path is the confirmation. */
export const bookingSteps: readonly BookingStep[] = [
  { number: 1, path: paths.home.getHref(), label: 'Create experience', shortLabel: 'Create' },
  { number: 2, path: paths.contactDetails.getHref(), label: 'Add contact details', shortLabel: 'Details' },
  { number: 3, path: paths.paymentDetails.getHref(), label: 'Make your payment', shortLabel: 'Pay' },
];

/**
 * Spec section 2: the furthest step the visitor may open. Saving step 1 (a booking id) opens step 2; saving step 2
 * (a payment intent) opens step 3. Derived from the booking rather than stored beside it, so the two never disagree
 * (a reset or a re-saved step 1 closes the later steps by itself).
 */
export function furthestAllowedStep(booking: { id: unknown; payment_intent: unknown }): BookingStepNumber {
  if (booking.id === null || booking.id === undefined) return 1;
  return booking.payment_intent ? 3 : 2;
}

export function isStepAllowed(step: BookingStepNumber, booking: { id: unknown; payment_intent: unknown }) {
  return step <= furthestAllowedStep(booking);
}

/** Step 2 and 3 need a real booking: an id that is not a positive whole number shows the unrecognised state. */
export function isRecognisedBookingId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}
