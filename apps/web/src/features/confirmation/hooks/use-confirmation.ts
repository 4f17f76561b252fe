import type { Confirmation } from '@links/shared/schemas/confirmation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useState } from 'react';
import {
  confirmationQueryKey,
  earlyConfirmation,
  getConfirmation,
  type LinkSignature,
} from '../api/confirmation-api';
import { pageEarlyBooking, RenderedBookingContext } from '../api/early-booking';

/** Spec section 4: by the signed query when the address has one, else on this session's access. */
export function useConfirmation(bookingNumber: string | undefined, signature: LinkSignature | null) {
  const queryClient = useQueryClient();
  // A booking opened by its e-mailed link draws in the first render when it was read before it: by the server that
  // rendered the page (which the first render must match), or by the shell's head script, whose answer the fetch on
  // mount then takes rather than asking again (getConfirmation).
  const rendered = useContext(RenderedBookingContext);
  const [early] = useState(() =>
    bookingNumber ? earlyConfirmation(rendered ?? pageEarlyBooking(), bookingNumber, signature) : null,
  );
  const query = useQuery({
    queryKey: confirmationQueryKey(bookingNumber ?? ''),
    queryFn: ({ signal }) => getConfirmation(bookingNumber ?? '', signature, signal),
    enabled: bookingNumber !== undefined,
    initialData: early?.data,
    initialDataUpdatedAt: early?.at,
    // The booking can change elsewhere (caddies from another device, a balance paid by phone).
    staleTime: 0,
  });
  const store = useCallback(
    (confirmation: Confirmation) =>
      queryClient.setQueryData(confirmationQueryKey(confirmation.booking_number), confirmation),
    [queryClient],
  );
  return { ...query, store };
}

/**
 * The current time on the server's clock: the answer's server_time plus the time since it arrived, ticking
 * every 30 seconds so rounds lock on the page as their 24-hour cut-off passes.
 */
export function useServerNow(serverTime: string | undefined, receivedAt: number): number {
  const offset = serverTime ? Date.parse(serverTime) - receivedAt : 0;
  const [clientNow, setClientNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setClientNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(clientNow, receivedAt) + offset;
}
