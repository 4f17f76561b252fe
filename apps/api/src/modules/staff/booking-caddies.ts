import type { StaffCaddiesAnswer, StaffCaddiesRequest } from '@links/shared/schemas/staff-bookings';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadBookingRecord } from '../confirmation/confirmation.repository.ts';
import { updateCaddies } from '../confirmation/update-caddies.ts';
import { lockBooking } from '../payment/confirm-booking.ts';
import { recordBookingChanges } from './audit-log.ts';
import { caddiesChangedEmail } from './caddies-changed-email.tsx';
import { tellBooker } from './tell-booker.ts';

// Staff change a round's caddies (issue 22): the golfer's own rule (confirmed, at most one per golfer, all or
// nothing, the booking row locked) without its 24-hour cut-off; in the same transaction the audit row and the
// golfer's e-mail with the updated .ics (the caddies are in its events' descriptions; the sequence rises).

export type CaddiesDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db'>;

export async function changeCaddies(
  deps: CaddiesDeps,
  bookingNumber: string,
  request: StaffCaddiesRequest,
  staffUserId: number,
): Promise<StaffCaddiesAnswer> {
  const [found] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.bookingNumber, bookingNumber));
  if (!found) throw notFound('There is no booking with this number.', 'booking_not_found');
  const now = deps.clock.now();
  const changes = await updateCaddies(
    deps,
    found.id,
    { booking_id: bookingNumber, courses: [{ id: request.course_id, caddies: request.caddies }] },
    {
      overrideCutoff: true,
      afterChange: async (tx, bookingId, made) => {
        const audited = { staffUserId, at: now, action: 'booking.caddies_changed', bookingNumber } as const;
        await recordBookingChanges(tx, audited, made, (change) => ({
          before: { course_id: change.courseId, caddies: change.from },
          after: { course_id: change.courseId, caddies: change.caddies },
        }));
        const booking = await lockBooking(tx, bookingId);
        if (!booking) return;
        const record = await loadBookingRecord(tx, bookingId);
        await tellBooker(deps, tx, { booking, record, now }, caddiesChangedEmail, (frame) => ({
          ...frame,
          changes: made.map((change) => ({ courseName: change.courseName, caddies: change.caddies })),
        }));
      },
    },
  );
  return {
    booking_number: bookingNumber,
    course_id: request.course_id,
    caddies: request.caddies,
    changed: changes.length > 0,
  };
}
