/**
 * Marks the card provider's way back from 3-D Secure as the booking page's due payment (pay-due.tsx), not step 3's:
 * the confirmation route then leaves the return parameters to that form. Its own file, so the route does not load
 * the payment form's chunk to know the name.
 */
export const DUE_RETURN_PARAM = 'due_payment';
