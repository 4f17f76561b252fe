import { roundEndsAt } from '@links/shared/calendar-ics';
import { londonIsoDateTime } from '@links/shared/uk-time';
import type { BookingRecord } from './confirmation.repository.ts';

/**
 * schema.org EventReservation markup for the confirmation e-mail, one reservation per round, so mail clients that
 * read it (Gmail, Apple Mail) can show the tee times as reservations: the booking number, confirmed, in the lead
 * golfer's name, for the round on its course at its UK tee time (ISO 8601 with the UK offset), at the resort's
 * address (the calendar file's LOCATION).
 */
export function eventReservations(
  record: Pick<BookingRecord, 'bookingNumber' | 'rounds'>,
  leadGolfer: string,
  resortName: string,
) {
  return record.rounds.map((round) => ({
    '@context': 'https://schema.org',
    '@type': 'EventReservation',
    reservationNumber: record.bookingNumber,
    reservationStatus: 'https://schema.org/ReservationConfirmed',
    underName: { '@type': 'Person', name: leadGolfer },
    reservationFor: {
      '@type': 'Event',
      name: round.courseName,
      startDate: londonIsoDateTime(round.startsAt),
      endDate: londonIsoDateTime(roundEndsAt(round.startsAt, round.durationHours)),
      location: { '@type': 'Place', name: resortName, address: round.address },
    },
  }));
}
