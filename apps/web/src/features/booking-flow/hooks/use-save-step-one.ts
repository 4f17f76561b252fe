import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE, saveBooking } from '../api/save-booking';
import { useBooking } from '../state/booking-context';
import type { BookingState, BookingTotals } from '../state/booking-state';
import { isStepOneUnchanged, stepOneSnapshot } from '../state/step-one-snapshot';

/**
 * Step 1 Continue (spec section 4), beside step 2's: moves straight on when step 1 is unchanged since the last save;
 * otherwise marks the booking submitted, creates (or updates) the held booking, keeps its id and what was saved, and
 * goes to step 2. On failure the booking is no longer submitted and the step shows the server's message or the
 * ERR-01 fallback.
 */
export function useSaveStepOne() {
  const { state, dispatch } = useBooking();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: ({ sent, quote }: { sent: BookingState; quote: BookingTotals }) => saveBooking(sent, quote),
    onMutate: () => dispatch({ type: 'booking/submitting', submitted: true }),
    onSuccess: (saved, { sent }) => {
      dispatch({
        type: 'booking/saved',
        id: saved.booking_id,
        dateCreated: saved.date_created,
        snapshot: stepOneSnapshot(sent),
        priced: { golfers: saved.golfers, totals: saved.totals },
      });
      navigate(paths.contactDetails.getHref());
    },
    onError: () => dispatch({ type: 'booking/submitting', submitted: false }),
  });

  /** `quote` is the ticket-price answer step 1 shows for this selection. */
  function save(quote: Pick<BookingTotals, 'net' | 'vat' | 'payable'>) {
    if (isStepOneUnchanged(state) && state.booking.id !== null) {
      mutation.reset();
      navigate(paths.contactDetails.getHref());
      return;
    }
    const paid = state.totals.paid;
    mutation.mutate({ sent: state, quote: { ...quote, paid, due: Math.max(0, quote.payable - paid) } });
  }

  return {
    save,
    saving: mutation.isPending,
    error: mutation.isError ? userMessage(mutation.error, SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE) : null,
  };
}
