import type { Confirmation } from '@links/shared/schemas/confirmation';
import { BOOKING_NUMBER_PATTERN } from '@links/shared/schemas/confirmation-messages';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { PageLoading } from '@/components/layouts/page-loading';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import {
  classifyLoadFailure,
  type LinkSignature,
  LOAD_FAILURE_MESSAGES,
} from '@/features/confirmation/api/confirmation-api';
import { BookingView } from '@/features/confirmation/components/booking-view';
import { CANCELLED_HEADING, CancelledBooking } from '@/features/confirmation/components/cancelled-booking';
import { isNewsletterStatus, NewsletterNotice } from '@/features/confirmation/components/newsletter-notice';
import { DUE_RETURN_PARAM } from '@/features/confirmation/components/pay-due-return';
import { PaymentFailed, PaymentSucceeded } from '@/features/confirmation/components/payment-result';
import confirmationStyles from '@/features/confirmation/confirmation.module.css';
import { useConfirmation, useServerNow } from '@/features/confirmation/hooks/use-confirmation';
import { usePageTitle } from '@/hooks/use-page-title';
import styles from './frames.module.css';

export const CONFIRMED_HEADING = 'Tee-rific! Your booking is confirmed';
export const PIN_FORM_HEADING = 'This page is protected for your security';

// The PIN form validates with the shared zod schema through react-hook-form (about 40 KB gzipped together): a
// chunk of its own, so a signed link, which opens the booking without it, does not wait for it.
const PinForm = lazy(() =>
  import('@/features/confirmation/components/pin-form').then((m) => ({ default: m.PinForm })),
);
/** Query parameters the card provider adds to its return address; read once, then taken out of the address bar. */
const PAYMENT_SECRETS = ['payment_intent', 'payment_intent_client_secret'] as const;

function readSignature(params: URLSearchParams): LinkSignature | null {
  const signature = params.get('signature');
  const expires = params.get('expires');
  return signature && expires ? { signature, expires } : null;
}

function PinGate({
  bookingNumber,
  notice,
  onSuccess,
}: {
  bookingNumber: string | undefined;
  notice: string | null;
  onSuccess: (confirmation: Confirmation) => void;
}) {
  return (
    <PageFrame
      eyebrow={bookingNumber ? `Booking ${bookingNumber}` : 'Your booking'}
      title={PIN_FORM_HEADING}
      lead="Enter your booking number and the PIN code from your confirmation e-mail to view your booking."
      variant="card"
    >
      <div className={styles.stack}>
        {notice ? <Alert type="alert">{notice}</Alert> : null}
        <Suspense fallback={<div className={confirmationStyles['pin-form-space']} />}>
          <PinForm bookingNumber={bookingNumber} onSuccess={onSuccess} />
        </Suspense>
        <p className={styles.muted}>
          Your PIN code was sent with your booking confirmation. Keep it private: anyone with your booking
          number and PIN can view the booking.
        </p>
      </div>
    </PageFrame>
  );
}

/** The address step 2 sent the confirmation to, handed over in the router state by step 3 (never in the URL). */
function paidWithEmail(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('email' in state)) return null;
  return typeof state.email === 'string' && state.email !== '' ? state.email : null;
}

/** /confirmation (the PIN gate) and /confirmation/:bookingNumber (the booking, or the gate when it cannot load). */
export default function ConfirmationRoute() {
  const { bookingNumber: routeNumber } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const bookingNumber = routeNumber && BOOKING_NUMBER_PATTERN.test(routeNumber) ? routeNumber : undefined;
  const signature = useMemo(() => readSignature(params), [params]);
  // The provider's way back from a due payment's 3-D Secure is the booking page's own payment form's to read.
  const duePaymentReturn = params.has(DUE_RETURN_PARAM);
  const redirectStatus = duePaymentReturn ? null : params.get('redirect_status');
  const newsletter = params.get('nl');

  // The client secret must not stay in the address bar (history, screenshots, shared links) once read.
  useEffect(() => {
    if (duePaymentReturn || !PAYMENT_SECRETS.some((name) => params.has(name))) return;
    const kept = new URLSearchParams(params);
    for (const name of PAYMENT_SECRETS) kept.delete(name);
    const search = kept.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [params, location.pathname, navigate, duePaymentReturn]);

  const paymentFailed = redirectStatus === 'failed';
  // A success view is a claim about a booking: it shows only once the booking has loaded for this session.
  const paymentSucceeded = redirectStatus === 'succeeded' && bookingNumber !== undefined;
  const query = useConfirmation(paymentFailed ? undefined : bookingNumber, signature);
  const now = useServerNow(query.data?.server_time, query.dataUpdatedAt);
  usePageTitle(
    query.data
      ? `Booking ${query.data.booking_number}`
      : bookingNumber
        ? `Booking ${bookingNumber}`
        : 'Your booking',
  );

  function opened(confirmation: Confirmation) {
    query.store(confirmation);
    // The PIN opened the booking for this session: a plain address from now on, without an expired signature.
    void navigate(paths.bookingConfirmation.getHref(confirmation.booking_number), {
      replace: bookingNumber === confirmation.booking_number,
    });
  }

  const newsletterNotice = isNewsletterStatus(newsletter) ? <NewsletterNotice status={newsletter} /> : null;

  if (paymentFailed) {
    return (
      <PageFrame
        eyebrow={bookingNumber ? `Booking ${bookingNumber}` : 'Your booking'}
        title="Payment unsuccessful"
        variant="card"
      >
        <div className={styles.stack}>
          {newsletterNotice}
          <PaymentFailed />
        </div>
      </PageFrame>
    );
  }

  if (paymentSucceeded && query.data && query.data.status !== 'cancelled') {
    const bookingHref = `${paths.bookingConfirmation.getHref(bookingNumber)}${
      signature
        ? `?${new URLSearchParams({ signature: signature.signature, expires: signature.expires })}`
        : ''
    }`;
    return (
      <PageFrame eyebrow={`Booking ${bookingNumber}`} title={CONFIRMED_HEADING} variant="card">
        <div className={styles.stack}>
          {newsletterNotice}
          <PaymentSucceeded bookingHref={bookingHref} email={paidWithEmail(location.state)} />
        </div>
      </PageFrame>
    );
  }

  if (!bookingNumber) {
    return (
      <PinGate
        bookingNumber={undefined}
        notice={routeNumber ? LOAD_FAILURE_MESSAGES.unknown_booking : null}
        onSuccess={opened}
      />
    );
  }

  if (query.data?.status === 'cancelled') {
    return (
      <PageFrame eyebrow={`Booking ${query.data.booking_number}`} title={CANCELLED_HEADING} variant="card">
        <CancelledBooking confirmation={query.data} />
      </PageFrame>
    );
  }

  if (query.data) {
    const confirmation = query.data;
    return (
      <PageFrame
        eyebrow={`Booking ${confirmation.booking_number}`}
        title={CONFIRMED_HEADING}
        lead={
          confirmation.lead_name
            ? `Thank you, ${confirmation.lead_name}. Everything you need for your day on the links is here.`
            : 'Everything you need for your day on the links is here.'
        }
      >
        <div className={styles.stack}>
          {newsletterNotice}
          <BookingView confirmation={confirmation} now={now} onUpdated={query.store} />
        </div>
      </PageFrame>
    );
  }

  if (query.isError) {
    const failure = classifyLoadFailure(query.error, signature !== null);
    return (
      <PinGate bookingNumber={bookingNumber} notice={LOAD_FAILURE_MESSAGES[failure]} onSuccess={opened} />
    );
  }

  // While the booking loads, the spinner fills the screen, so the footer is not in sight to be pushed down when it
  // arrives; the booking's frame then replaces this one (its own key) instead of moving it, and nothing in sight
  // shifts (a shift of the loading frame's body counted 0.8 in Lighthouse's mobile CLS).
  return (
    <PageFrame key="loading" eyebrow={`Booking ${bookingNumber}`} title="Your booking">
      <PageLoading label="Loading your booking..." />
    </PageFrame>
  );
}
