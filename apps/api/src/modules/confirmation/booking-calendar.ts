import { bookingCalendarFileName, bookingCalendarIcs, ICS_CONTENT_TYPE } from '@links/shared/calendar-ics';
import { formatMoney } from '@links/shared/money';
import type { MailAttachment } from '../../db/schema/mail.ts';
import type { BookingRecord } from './confirmation.repository.ts';

/** The host of the public URL, for UIDs that are unique to this site ('booking-4821-course-1@links.example'). */
function uidDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'links-booking';
  } catch {
    return 'links-booking';
  }
}

/**
 * The booking's .ics: one event per round at its UK tee time, lasting the course's completion time, at the
 * course's address. Each round's UID is the booking and its course, so it stays when the round moves to another tee
 * time; a group's rounds (several on one course, issue 24) add their round's own id, which a move keeps too; the booking's calendar sequence says which version is newer, and a
 * cancelled booking's events are cancelled. The URL is the plain confirmation page (it asks for the PIN): a calendar
 * entry is often shared, so it never carries the signed link.
 */
export function bookingCalendarFor(
  record: Pick<BookingRecord, 'bookingNumber' | 'status' | 'calendarSequence' | 'rounds' | 'golfers'>,
  options: {
    publicUrl: string;
    now: Date;
    resortName: string;
    /** Rounds a change dropped from the booking: sent once more, cancelled, so calendars remove them. */
    droppedRounds?: BookingRecord['rounds'];
  },
): string {
  const domain = uidDomain(options.publicUrl);
  const golfers = record.golfers.length;
  const dropped = new Set(options.droppedRounds ?? []);
  const onCourse = (courseId: number) => record.rounds.filter((round) => round.courseId === courseId).length;
  return bookingCalendarIcs({
    bookingNumber: record.bookingNumber,
    resortName: options.resortName,
    generatedAt: options.now,
    sequence: record.calendarSequence,
    cancelled: record.status === 'cancelled',
    rounds: [...record.rounds, ...dropped].map((round) => ({
      cancelled: dropped.has(round),
      uid:
        onCourse(round.courseId) > 1
          ? `booking-${record.bookingNumber}-course-${round.courseId}-round-${round.roundId}@${domain}`
          : `booking-${record.bookingNumber}-course-${round.courseId}@${domain}`,
      courseName: round.courseName,
      startsAt: round.startsAt,
      durationHours: round.durationHours,
      location: round.address,
      description: [
        `${round.players} ${round.players === 1 ? 'golfer' : 'golfers'} of ${golfers} in the booking.`,
        round.caddies > 0
          ? `${round.caddies} ${round.caddies === 1 ? 'caddie' : 'caddies'}: ${formatMoney(
              round.caddies * round.caddiePricePence,
            )} payable in cash on the day.`
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
      url: `${options.publicUrl.replace(/\/+$/, '')}/confirmation/${record.bookingNumber}`,
    })),
  });
}

/** The booking's .ics as an e-mail attachment (the confirmation, and staff moves and cancellations). */
export function bookingCalendarAttachment(
  record: Parameters<typeof bookingCalendarFor>[0],
  options: Parameters<typeof bookingCalendarFor>[1],
): MailAttachment {
  return {
    filename: bookingCalendarFileName(record.bookingNumber),
    contentType: ICS_CONTENT_TYPE,
    content: Buffer.from(bookingCalendarFor(record, options), 'utf8').toString('base64'),
  };
}
