import type {
  OperatorPlayerDetails,
  SaveDetailsResponse,
} from '@links/shared/schemas/operator-contact-details';
import { detailsFallbackMessage } from '@/features/booking-flow/api/details-errors';
import { api } from '@/lib/api-client';

/** Spec section 8: the tour-operator form's no-answer fallback. */
export const OPERATOR_SAVE_FALLBACK = detailsFallbackMessage('ERR-021');

export type SavedOperatorDetails = SaveDetailsResponse['data'];

/**
 * PATCH /v1/bookings/{id}/details with the tour-operator body (the server picks the operator schema from the
 * session). A card payment due answers the payment intent; 'offline' answers the confirmation page instead.
 */
export function saveOperatorDetails(
  bookingId: number,
  body: OperatorPlayerDetails,
): Promise<SavedOperatorDetails> {
  return api.patch<SavedOperatorDetails>(`/bookings/${bookingId}/details`, body);
}
