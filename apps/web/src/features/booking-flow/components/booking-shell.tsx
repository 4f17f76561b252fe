import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { hideBrokenImage } from '@/lib/hide-broken-image';
import { type BookingStepNumber, isStepAllowed } from '../booking-steps';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { useBooking } from '../state/booking-context';
import styles from './booking-shell.module.css';
import { BookingShellContext, type BookingShellValue, type StepError } from './booking-shell-context';
import { StepBar } from './step-bar';

// Only a held booking shows these: `/` without one never loads them.
const ReservationCountdown = lazy(() =>
  import('@/features/countdown/components/reservation-countdown').then((m) => ({
    default: m.ReservationCountdown,
  })),
);
const ExpiredOverlay = lazy(() =>
  import('@/features/countdown/components/expired-overlay').then((m) => ({ default: m.ExpiredOverlay })),
);

type BookingShellProps = {
  step: BookingStepNumber;
  /** The step's heading, the page's one h1. */
  heading: string;
  eyebrow: string;
  lead: string;
  /** Banners above the step content: errors, maintenance, the reservation countdown. */
  alerts?: ReactNode;
  children: ReactNode;
};

/**
 * The frame shared by the three booking steps (spec section 2): hero heading, sticky step bar, the furthest-step
 * guard, the reservation countdown and its expired overlay, the step's error banner and loading flag (through
 * useBookingShell), and the leave-page warning while a booking is held.
 */
export function BookingShell({ step, heading, eyebrow, lead, alerts, children }: BookingShellProps) {
  const { state, dispatch } = useBooking();
  const { booking } = state;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<StepError | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const allowed = isStepAllowed(step, booking);

  const onCountdownTick = useCallback(
    (remaining: number) => dispatch({ type: remaining > 0 ? 'countdown/started' : 'countdown/expired' }),
    [dispatch],
  );

  // The loading flag belongs to one step change: a new route starts without it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => setLoading(false), [pathname]);

  useLeaveWarning(booking.id !== null && !booking.is_expired);

  const showError = useCallback((next: StepError | null) => {
    setError(next);
    if (next) setLoading(false);
  }, []);
  useEffect(() => {
    // The action that failed is hidden while loading, so focus would be lost: bring it to the explanation.
    if (error) errorRef.current?.focus();
  }, [error]);

  const shell = useMemo<BookingShellValue>(
    () => ({
      loading,
      startLoading: () => setLoading(true),
      stopLoading: () => setLoading(false),
      expired: booking.is_expired,
      showError,
    }),
    [loading, booking.is_expired, showError],
  );

  const startNewBooking = useCallback(() => {
    dispatch({ type: 'booking/reset' });
    navigate(paths.home.getHref());
  }, [dispatch, navigate]);

  // Spec section 2: a step beyond the furthest one allowed goes back to the start, replacing the history entry.
  if (!allowed) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <BookingShellContext.Provider value={shell}>
      {/* After step 1 the hero is compact: on a phone the form starts in the first screen. */}
      <section
        className={`on-dark ${styles.hero} ${step > 1 ? styles.compact : ''}`}
        aria-labelledby="booking-heading"
      >
        <img
          className={styles['hero-image']}
          src="/images/hero.webp"
          srcSet="/images/hero-640.webp 960w, /images/hero-1600.webp 1600w, /images/hero.webp 2400w"
          sizes="100vw"
          width={2400}
          height={1200}
          alt=""
          fetchPriority="high"
          onError={hideBrokenImage}
        />
        <div className={`container ${styles['hero-inner']}`}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 id="booking-heading" className={styles.title}>
            {heading}
          </h1>
          <p className={styles.lead}>{lead}</p>
          <ul className={styles.facts}>
            <li>
              <CheckIcon /> Up to four golfers
            </li>
            <li>
              <CheckIcon /> Three links courses
            </li>
            <li>
              <CheckIcon /> Secure card payment
            </li>
          </ul>
        </div>
      </section>
      {/* The countdown rides in the sticky step bar, so it stays in sight (and its red seen) while the form scrolls. */}
      <StepBar current={step}>
        {booking.date_created && !booking.is_expired ? (
          <Suspense fallback={<div className={styles['countdown-space']} />}>
            <ReservationCountdown
              dateCreated={booking.date_created}
              onTick={onCountdownTick}
              placeholderClassName={styles['countdown-space']}
            />
          </Suspense>
        ) : null}
      </StepBar>
      <div className="container">
        <div className={styles.alerts}>
          {error ? (
            <div ref={errorRef} tabIndex={-1} className={styles['error-focus']}>
              <Alert type="error" title={error.title} onDismiss={() => setError(null)}>
                <p>{error.message}</p>
                {error.details && error.details.length > 0 ? (
                  <ul>
                    {error.details.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </Alert>
            </div>
          ) : null}
          {alerts}
        </div>
        <div className={styles.content}>{children}</div>
      </div>
      {booking.is_expired ? (
        <Suspense fallback={null}>
          <ExpiredOverlay onStartNew={startNewBooking} />
        </Suspense>
      ) : null}
    </BookingShellContext.Provider>
  );
}
