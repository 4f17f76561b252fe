import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { BookingShell } from '@/features/booking-flow/components/booking-shell';
import { StepBackLink } from '@/features/booking-flow/components/step-back-link';
import { allowLeavingPage } from '@/features/booking-flow/hooks/use-leave-warning';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { usePlayerTypes } from '@/features/golfers/api/get-player-types';
import { PaymentStep } from '@/features/payment/components/payment-step';
import { PaymentSummary } from '@/features/payment/components/payment-summary';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * The confirmation page after a payment (spec section 4): its success view (redirect_status=succeeded) and, when the
 * visitor asked for the newsletter, its message, whatever signed address the API answered.
 */
export function paidConfirmationHref(confirmationUrl: string, newsletter: boolean): string {
  const url = new URL(confirmationUrl, 'https://booking.invalid');
  url.searchParams.set('redirect_status', 'succeeded');
  if (newsletter) url.searchParams.set('nl', 'newly_subscribed');
  return `${url.pathname}${url.search}`;
}

/** Step 3, 'Make your payment' (spec section 2): summary, card form, terms and the pay button. */
export default function PaymentDetailsRoute() {
  usePageTitle('Make your payment');
  const { state, dispatch } = useBooking();
  const navigate = useNavigate();
  const playerTypes = usePlayerTypes();
  const intent = state.booking.payment_intent;
  const typeName = (id: number) => playerTypes.data?.find((type) => type.id === id)?.name ?? 'Golfer';

  // The booking is done once paid: it is reset as this page goes (the next visit to / starts afresh and no
  // leave-page warning guards it). Not before: a reset while step 3 still shows would send the guard to /.
  const paid = useRef(false);
  useEffect(
    () => () => {
      if (paid.current) dispatch({ type: 'booking/reset' });
    },
    [dispatch],
  );
  const newsletter = state.playerDetails.stay_connected;
  const email = state.playerDetails.email_address;
  const onPaid = useCallback(
    (confirmationUrl: string) => {
      paid.current = true;
      navigate(paidConfirmationHref(confirmationUrl, newsletter), { state: { email } });
    },
    [navigate, newsletter, email],
  );

  return (
    <BookingShell
      step={3}
      eyebrow="Step 3 of 3"
      heading="Make your payment"
      lead="Review your booking and pay securely by card to confirm your tee times."
    >
      <PaymentStep
        bookingId={state.booking.id}
        clientSecret={intent?.client_secret || null}
        amount={intent?.amount ?? state.totals.payable}
        bookingNumber={intent?.metadata?.booking_number ?? null}
        newsletter={newsletter}
        countdownStarted={state.booking.countdown_started}
        bookingExpired={state.booking.is_expired}
        returnPath={paths.paymentDetails.getHref()}
        termsUrl={env.termsUrl}
        onPaid={onPaid}
        allowLeavingPage={allowLeavingPage}
        back={<StepBackLink step={3} />}
        summary={
          <PaymentSummary
            courses={state.courses.map((course) => ({
              id: course.id,
              name: course.name,
              teeTime: course.teeTime?.time ?? null,
              groupTeeTimes: course.groupTeeTimes,
            }))}
            golfers={state.golfers.map((golfer) => ({
              id: golfer.id,
              typeName: typeName(golfer.playerTypeId),
              ticketLabel: golfer.ticket_label,
              total: golfer.total_price,
            }))}
            totals={state.totals}
            plan={state.booking.payment_plan}
          />
        }
      />
    </BookingShell>
  );
}
