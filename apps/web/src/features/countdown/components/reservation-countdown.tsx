import { useEffect } from 'react';
import { useReservationCountdown } from '../hooks/use-reservation-countdown';
import { CountdownBanner } from './countdown-banner';

type ReservationCountdownProps = {
  /** The held booking's `date_created`: the hold runs for ten minutes from it. */
  dateCreated: string;
  /** Called on every tick with time left and once when the hold has run out. */
  onTick: (remaining: number) => void;
  /** Keeps the banner's place while the server time is still being read. */
  placeholderClassName?: string;
};

/**
 * The running hold of a booking (spec section 4, 'Reservation countdown'): reads the server clock once, counts down
 * every second and shows the banner while time is left. Only a held booking renders it, so `/` without one never
 * loads its code.
 */
export function ReservationCountdown({
  dateCreated,
  onTick,
  placeholderClassName,
}: ReservationCountdownProps) {
  const remaining = useReservationCountdown(dateCreated);
  useEffect(() => {
    if (remaining !== null) onTick(remaining);
  }, [remaining, onTick]);

  if (remaining === null) return <div className={placeholderClassName} />;
  return remaining > 0 ? <CountdownBanner remaining={remaining} /> : null;
}
