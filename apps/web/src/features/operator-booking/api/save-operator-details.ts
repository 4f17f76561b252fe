import type {
  OperatorPlayerDetails,
  SaveDetailsResponse,
} from '@links/shared/schemas/operator-contact-details';
import { api } from '../../../lib/api-client';

export type SavedOperatorDetails = SaveDetailsResponse['data'];

/**
 * PATCH /v1/bookings/{id}/details with the tour-operator body (the server reads the session to pick the operator
 * schema). A card payment due answers the payment intent; 'offline' answers the confirmation page instead.
 */
export function saveOperatorDetails(
  bookingId: number,
  body: OperatorPlayerDetails,
): Promise<SavedOperatorDetails> {
  return api.patch<SavedOperatorDetails>(`/bookings/${bookingId}/details`, body);
}
