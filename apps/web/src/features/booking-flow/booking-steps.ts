import { paths } from '../../config/paths';

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
