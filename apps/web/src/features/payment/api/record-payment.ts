import type { RecordPaymentBody, RecordPaymentResponse } from '@links/shared/schemas/contact-details';
import { api } from '../../../lib/api-client';

/**
 * Spec section 7, record payment: PATCH /v1/bookings/{id}/payment. The server re-reads the intent from the
 * provider and confirms the booking; the answer is the page to show it on.
 */
export function recordPayment(body: RecordPaymentBody): Promise<RecordPaymentResponse['data']> {
  return api.patch<RecordPaymentResponse['data']>(`/bookings/${body.booking_id}/payment`, body);
}
