import type {
  IndividualPlayerDetails,
  SaveContactDetailsResponse,
} from '@links/shared/schemas/contact-details';
import { detailsFallbackMessage } from '@/features/booking-flow/api/details-errors';
import { api } from '@/lib/api-client';

/** Spec section 8: the individual form's no-answer fallback. */
export const INDIVIDUAL_SAVE_FALLBACK = detailsFallbackMessage('ERR-022');

export type SavedIndividualDetails = SaveContactDetailsResponse['data'];

/** PATCH /v1/bookings/{id}/details: stores the golfer's details and opens the payment intent. */
export function saveIndividualDetails(
  bookingId: number,
  body: IndividualPlayerDetails,
): Promise<SavedIndividualDetails> {
  return api.patch<SavedIndividualDetails>(`/bookings/${bookingId}/details`, body);
}
