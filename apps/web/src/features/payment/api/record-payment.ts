import type { RecordPaymentBody, recordPaymentResponseSchema } from '@links/shared/schemas/contact-details';
import type { DataOf } from '@links/shared/schemas/envelope';
import { api } from '@/lib/api-client';

/**
 * Spec section 7, record payment: PATCH /v1/bookings/{id}/payment. The server re-reads the intent from the
 * provider and confirms the booking; the answer is the page to show it on.
 */
export function recordPayment(body: RecordPaymentBody) {
  return api.patch<DataOf<typeof recordPaymentResponseSchema>>(`/bookings/${body.booking_id}/payment`, body);
}
