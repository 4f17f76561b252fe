import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { bookingCalendarAttachment } from '../confirmation/booking-calendar.ts';
import type { BookingRecord } from '../confirmation/confirmation.repository.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import type { MailBrand } from '../mail/render-email.ts';
import { type LockedBooking, recipient } from '../payment/confirm-booking.ts';
import type { StaffNoticeDetails } from './staff-notice-email.tsx';

export type BookerNotice = {
  booking: LockedBooking;
  /** The booking as the change left it (loadBookingRecord). */
  record: BookingRecord | undefined;
  now: Date;
  /** Rounds the change dropped: the calendar file cancels them. */
  droppedRounds?: BookingRecord['rounds'];
};

/**
 * Queues, with the change's transaction, the e-mail that tells the booker (the golfer, or the tour operator) what the
 * desk did, with the booking's calendar file as it now stands. A booking with no one to tell gets none.
 */
export async function tellBooker<Details extends StaffNoticeDetails>(
  deps: Pick<FastifyInstance, 'config'>,
  tx: Tx,
  { booking, record, now, droppedRounds }: BookerNotice,
  email: (to: string, details: Details, brand: MailBrand) => Promise<MailMessage>,
  details: (frame: StaffNoticeDetails, record: BookingRecord) => Details,
): Promise<void> {
  const to = await recipient(tx, booking);
  if (!to || !record) return;
  const { publicUrl, brand } = deps.config;
  const ics = bookingCalendarAttachment(record, {
    publicUrl,
    now,
    resortName: brand.resortName,
    droppedRounds,
  });
  const frame = { bookingNumber: record.bookingNumber, greeting: to.greeting, ics };
  await enqueueMail(tx, await email(to.email, details(frame, record), brand), { bookingId: booking.id });
}
