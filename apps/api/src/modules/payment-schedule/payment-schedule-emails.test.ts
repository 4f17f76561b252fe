import { describe, expect, it } from 'vitest';
import { TEST_BRAND } from '../mail/test/test-brand.ts';
import { paymentCancellationEmail, paymentReminderEmail } from './payment-schedule-emails.tsx';

const booking = {
  bookingNumber: '1234567890',
  companyName: 'Fairway <Golf> Tours',
  leadPlayer: 'Ben Hogan',
  rounds: [{ courseName: 'Burnside Course', startsAt: new Date('2026-06-18T09:00:00Z') }],
  payablePence: 11_000,
  paidPence: 5_500,
  dueBy: new Date('2026-05-07T22:59:59.999Z'),
};

/** The reminder for `booking` to ops@example.com, with the link of its booking page. */
const reminder = (link: string, options: { cancels: boolean; final: boolean }) =>
  paymentReminderEmail('ops@example.com', booking, link, { ...options, brand: TEST_BRAND });

describe('payment-schedule e-mails', () => {
  it('reminds of the amount still due, the UK date and what happens if it is not paid', async () => {
    const mail = await reminder('https://book.example/confirmation/1234567890?s=1', {
      cancels: true,
      final: true,
    });
    expect(mail.to).toBe('ops@example.com');
    expect(mail.subject).toBe('Payment due on booking 1234567890');
    expect(mail.text).toContain('A payment of £55.00 is due on booking 1234567890');
    expect(mail.text).toContain('by Thursday 7th May 2026');
    expect(mail.text).toContain('- Burnside Course: Thursday 18th June 2026 at 10:00am');
    expect(mail.text).toContain('This is our last reminder: if the payment has not reached us by then');
    expect(mail.text).toContain('the booking will be cancelled');
    // An earlier reminder says another follows.
    const earlier = await reminder('https://book.example/c', { cancels: true, final: false });
    expect(earlier.text).toContain('We will remind you once more before then');
    expect(earlier.text).not.toContain('last reminder');
    // Issue 24: how to pay: online from the signed link, or with the number and address to use.
    expect(mail.text).toContain(
      'Pay it by card from your booking page with the button below (no sign-in needed), or phone us on +44 1241 555 010 or e-mail tee-times@resort.example to pay.',
    );
    expect(mail.text).toContain('View and pay online: https://book.example/c');
    expect(mail.html).toContain('Fairway &lt;Golf&gt; Tours');
    expect(mail.html).not.toContain('<Golf>');
  });

  it('threatens no cancellation while the job does not cancel (CANCEL_UNPAID_TERMS off)', async () => {
    const mail = await reminder('https://book.example/c', { cancels: false, final: true });
    expect(mail.text).toContain('A payment of £55.00 is due on booking 1234567890');
    expect(mail.text).not.toContain('cancelled');
    expect(mail.text).toContain('our reservations team will contact you');
  });

  it('tells of the cancellation and that what was paid is not returned', async () => {
    const mail = await paymentCancellationEmail('ops@example.com', booking, TEST_BRAND);
    expect(mail.subject).toBe('Booking 1234567890 has been cancelled');
    expect(mail.text).toContain('the £55.00 already paid is not returned');
    const unpaid = await paymentCancellationEmail(
      'ops@example.com',
      { ...booking, paidPence: 0 },
      TEST_BRAND,
    );
    expect(unpaid.text).not.toContain('already paid');
  });
});
