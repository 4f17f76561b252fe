import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { BookingShell } from '../../features/booking-flow/components/booking-shell';
import { allowLeavingPage } from '../../features/booking-flow/hooks/use-leave-warning';
import { useBooking } from '../../features/booking-flow/state/booking-context';
import { usePlayerTypes } from '../../features/golfers/api/get-player-types';
import { PaymentStep } from '../../features/payment/components/payment-step';
import { PaymentSummary } from '../../features/payment/components/payment-summary';
import { usePageTitle } from '../../hooks/use-page-title';

/** Step 3, 'Make your payment' (spec section 2): summary, card form, terms and the pay button. */
export function PaymentDetailsRoute() {
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
  const onPaid = useCallback(
    (confirmationUrl: string) => {
      paid.current = true;
      navigate(confirmationUrl);
    },
    [navigate],
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
        newsletter={state.playerDetails.stay_connected}
        countdownStarted={state.booking.countdown_started}
        bookingExpired={state.booking.is_expired}
        returnPath={paths.paymentDetails.getHref()}
        termsUrl={env.termsUrl}
        onPaid={onPaid}
        allowLeavingPage={allowLeavingPage}
        summary={
          <PaymentSummary
            courses={state.courses.map((course) => ({
              id: course.id,
              name: course.name,
              teeTime: course.teeTime?.time ?? null,
            }))}
            golfers={state.golfers.map((golfer) => ({
              id: golfer.id,
              typeName: typeName(golfer.playerTypeId),
              ticketLabel: golfer.ticket_label,
              total: golfer.total_price,
            }))}
            totals={state.totals}
          />
        }
      />
    </BookingShell>
  );
}
