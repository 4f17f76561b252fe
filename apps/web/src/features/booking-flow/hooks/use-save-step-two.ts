import type { SaveContactDetailsResponse } from '@links/shared/schemas/contact-details';
import type {
  PaymentPlanInstalment,
  SaveDetailsResponse,
} from '@links/shared/schemas/operator-contact-details';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api, fieldMessages, userMessage } from '@/lib/api-client';
import { DETAILS_ERROR_TITLE, DETAILS_MESSAGE_RULE, detailsFallbackMessage } from '../api/details-errors';
import { isRecognisedBookingId } from '../booking-steps';
import { useBookingShell } from '../components/booking-shell-context';
import { useBooking } from '../state/booking-context';
import type { PaymentIntentState } from '../state/booking-state';
import { allowLeavingPage } from './use-leave-warning';

/** What PATCH /v1/bookings/{id}/details answers, for the individual and the tour-operator form alike. */
export type SavedStepTwo = {
  payment_intent: PaymentIntentState | null;
  confirmation_url: string | null;
  /** A tour operator's payments (deposit now, balance later), as recorded. */
  payment_plan?: PaymentPlanInstalment[] | undefined;
};

type SaveStepTwoOptions = {
  /** The error code the no-answer fallback of spec section 8 quotes (ERR-022 individual, ERR-021 tour operator). */
  errorCode: Parameters<typeof detailsFallbackMessage>[0];
  /**
   * Per-field messages of a refused save, keyed by body path, to show on the form's fields. Returns the messages it
   * could not place on a field, which the banner lists.
   */
  onFieldErrors?: (fields: Record<string, string>) => string[];
};

function leaveFor(url: string, navigate: (to: string) => void) {
  // The server answers a path on this site; anything else is a full page load.
  if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
  else {
    allowLeavingPage(true);
    window.location.assign(url);
  }
}

/**
 * Step 2 Continue (spec section 4), shared by both step-2 forms: clears the error banner; moves straight on when
 * the body equals the last one saved; otherwise marks the booking submitted, shows the step loading, saves, stores
 * the returned payment intent and goes to /payment-details (or to the confirmation URL the server returned). On
 * failure loading stops, the banner shows the server's message or the fallback, and field messages are handed back.
 */
export function useSaveStepTwo<TBody>({ errorCode, onFieldErrors }: SaveStepTwoOptions) {
  const { state, dispatch } = useBooking();
  const { startLoading, showError } = useBookingShell();
  const navigate = useNavigate();
  const { booking, lastSaved } = state;

  return useCallback(
    async (body: TBody) => {
      showError(null);
      if (!isRecognisedBookingId(booking.id)) return;
      if (booking.payment_intent && JSON.stringify(lastSaved.step2) === JSON.stringify(body)) {
        navigate(paths.paymentDetails.getHref());
        return;
      }
      startLoading();
      dispatch({ type: 'booking/submitting', submitted: true });
      try {
        // One call for both forms: the server picks the individual or the tour-operator schema from the session. Its
        // answer is typed by both response schemas, so a change to either that this hook cannot read fails the build.
        const saved: SavedStepTwo = await api.patch<
          SaveContactDetailsResponse['data'] | SaveDetailsResponse['data']
        >(`/bookings/${booking.id}/details`, body);
        if (saved.payment_intent) {
          dispatch({
            type: 'details/saved',
            paymentIntent: saved.payment_intent,
            paymentPlan: saved.payment_plan,
            snapshot: body,
          });
        } else {
          dispatch({ type: 'booking/submitting', submitted: false });
        }
        if (saved.confirmation_url) leaveFor(saved.confirmation_url, navigate);
        else navigate(paths.paymentDetails.getHref());
      } catch (error) {
        dispatch({ type: 'booking/submitting', submitted: false });
        const fields = fieldMessages(error);
        const unplaced = onFieldErrors ? onFieldErrors(fields) : Object.values(fields);
        const message = userMessage(error, detailsFallbackMessage(errorCode), DETAILS_MESSAGE_RULE);
        showError({
          title: DETAILS_ERROR_TITLE,
          message,
          details: unplaced.filter((line) => line !== message),
        });
      }
    },
    [
      booking.id,
      booking.payment_intent,
      lastSaved.step2,
      errorCode,
      onFieldErrors,
      dispatch,
      navigate,
      showError,
      startLoading,
    ],
  );
}
