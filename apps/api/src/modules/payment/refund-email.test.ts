import { describe, expect, it } from 'vitest';
import { REFUND_REASONS } from '../../db/schema/payments.ts';
import { TEST_BRAND } from '../mail/test/test-brand.ts';
import { paymentRefundedEmail } from './refund-email.tsx';

const details = { bookingNumber: '1234567890', greeting: 'Ada <b>', amountPence: 11_000 };

describe('the refund e-mail', () => {
  it.each(REFUND_REASONS)(
    'for %s says how much was refunded, in full, and quotes the booking',
    async (reason) => {
      const mail = await paymentRefundedEmail('ada@example.com', { ...details, reason }, TEST_BRAND);
      expect(mail.to).toBe('ada@example.com');
      expect(mail.subject).toBe('Your payment for booking 1234567890 has been refunded');
      expect(mail.text).toContain(
        'We have refunded your payment of £110.00 in full to the card you paid with.',
      );
      expect(mail.text).toContain('quoting booking number 1234567890');
      expect(mail.html).toContain('£110.00');
      // The golfer's name is their own text: escaped in the HTML part.
      expect(mail.html).toContain('Dear Ada &lt;b&gt;,');
      expect(mail.html).not.toContain('Ada <b>');
    },
  );

  it('gives each reason its own explanation and next step', async () => {
    const text = async (reason: (typeof REFUND_REASONS)[number]) =>
      (await paymentRefundedEmail('ada@example.com', { ...details, reason }, TEST_BRAND)).text;
    expect(await text('amount_mismatch')).toContain('changed after this payment was started');
    expect(await text('amount_mismatch')).toContain('pay the amount now due');
    expect(await text('paid_twice')).toContain('had already been paid for with another payment');
    expect(await text('paid_twice')).toContain('Your booking is confirmed and nothing about it has changed.');
    expect(await text('booking_cancelled')).toContain(
      'had been cancelled by the time this payment was completed',
    );
    expect(await text('places_gone')).toContain('have since been booked by someone else');
  });
});
