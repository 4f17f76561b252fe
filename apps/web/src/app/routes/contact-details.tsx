import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { PREPARING_LABEL } from '@/features/auth/components/auth-guards';
import { isRecognisedBookingId } from '@/features/booking-flow/booking-steps';
import { BookingShell } from '@/features/booking-flow/components/booking-shell';
import { UnrecognisedBooking } from '@/features/booking-flow/components/unrecognised-booking';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { BookingSummary } from '@/features/contact-details/components/booking-summary';
import { IndividualContactForm } from '@/features/contact-details/components/individual-contact-form';
import { OperatorContactStep } from '@/features/operator-booking/components/operator-contact-step';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * Step 2, 'Add contact details' (spec section 2). The tour-operator form takes the individual form's place when an
 * operator is signed in; both save through useSaveStepTwo inside this shell.
 */
export default function ContactDetailsRoute() {
  usePageTitle('Contact details');
  const { state } = useBooking();
  const { operator, isLoading } = useUser();
  // Which form shows depends on the session: wait for it rather than swap forms under the visitor's hands.
  const form = isLoading ? (
    <Spinner size="lg" label={PREPARING_LABEL} />
  ) : operator ? (
    <OperatorContactStep depositPercent={operator.deposit_amount} summary={<BookingSummary />} />
  ) : (
    <IndividualContactForm />
  );
  return (
    <BookingShell
      step={2}
      eyebrow="Step 2 of 3"
      heading="Add contact details"
      lead="Tell us who is playing and how to reach you about this booking."
    >
      {isRecognisedBookingId(state.booking.id) ? form : <UnrecognisedBooking />}
    </BookingShell>
  );
}
