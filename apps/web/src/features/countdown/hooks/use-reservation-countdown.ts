import { useEffect, useState } from 'react';
import { useClockOffset } from '../api/get-clock-offset';
import { remainingMs, reservationEndsAt } from '../countdown';

/**
 * Milliseconds left on the booking's hold, re-read every second on the server-corrected clock; null while there is
 * no booking or the server time is not known yet.
 */
export function useReservationCountdown(dateCreated: string | null): number | null {
  const endsAt = reservationEndsAt(dateCreated);
  const offset = useClockOffset(endsAt !== null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null || offset === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt, offset]);

  if (endsAt === null || offset === null) return null;
  return remainingMs(endsAt, now, offset);
}
