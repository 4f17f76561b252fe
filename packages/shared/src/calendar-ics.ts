import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { UK_TIME_ZONE } from './constants';

// The booking as an iCalendar file (RFC 5545): one VEVENT per round, at UK wall-clock times under
// TZID=Europe/London with the zone's rules in a VTIMEZONE block, so calendars show 2:30pm whether the round is
// in British Summer Time or not and whatever zone the golfer's device is in. Lines end in CRLF and are folded at
// 75 octets; text is escaped. Used for the confirmation page's download and the e-mail attachment.

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

export type CalendarRound = {
  /**
   * Stable per round, whatever its tee time, so re-importing the file updates the event instead of duplicating it
   * (with a higher SEQUENCE, the calendar takes the new version).
   */
  uid: string;
  courseName: string;
  startsAt: Date;
  /** The course's completion time: how long the round takes. */
  durationHours: number;
  /** The resort's postal address. */
  location: string;
  /** Extra lines for the description (golfers, caddies, booking number). */
  description?: string;
  /** A page about the booking. */
  url?: string;
  /** A round dropped from a booking that goes on: its event is cancelled like a cancelled booking's. */
  cancelled?: boolean;
};

export type BookingCalendar = {
  bookingNumber: string;
  /** The resort's name, shown in the event titles: 'Championship Course - Links Golf Resort'. */
  resortName: string;
  rounds: CalendarRound[];
  /** DTSTAMP: when the file was made. */
  generatedAt: Date;
  /**
   * SEQUENCE of every event: the booking's revision, raised with each change a calendar shows, so a file made after
   * a change (a new tee time, other caddies, a cancellation) replaces the events of an earlier one. 0 when absent.
   */
  sequence?: number;
  /** A cancelled booking: its events say STATUS:CANCELLED (no alarm, free time), so a re-import cancels them. */
  cancelled?: boolean;
};

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** Escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Octets of one character (one code point) in UTF-8; works in the browser too, unlike Buffer. */
function utf8Octets(character: string): number {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line so no physical line exceeds 75 octets (RFC 5545 3.1): continuation lines start with one
 * space. Splits between characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = utf8Octets(character);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space counts
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** UTC form, for DTSTAMP: 20261121T200000Z. */
function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** Local form in Europe/London, for DTSTART;TZID=Europe/London: 20261024T143000. */
function londonStamp(instant: Date): string {
  return format(new TZDate(instant.getTime(), UK_TIME_ZONE), "yyyyMMdd'T'HHmmss");
}

/** Europe/London since 1996: BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${UK_TIME_ZONE}`,
  `X-LIC-LOCATION:${UK_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** When a round that starts at `startsAt` and takes `durationHours` ends. */
export function roundEndsAt(startsAt: Date, durationHours: number): Date {
  return new Date(startsAt.getTime() + Math.round(durationHours * 3_600_000));
}

function eventLines(calendar: BookingCalendar, round: CalendarRound): string[] {
  const endsAt = roundEndsAt(round.startsAt, round.durationHours);
  const cancelled = calendar.cancelled === true || round.cancelled === true;
  const description = [`Booking number ${calendar.bookingNumber}.`, round.description]
    .filter((part): part is string => Boolean(part))
    .join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:${round.uid}`,
    `SEQUENCE:${calendar.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(calendar.generatedAt)}`,
    `DTSTART;TZID=${UK_TIME_ZONE}:${londonStamp(round.startsAt)}`,
    `DTEND;TZID=${UK_TIME_ZONE}:${londonStamp(endsAt)}`,
    `SUMMARY:${escapeIcsText(`${cancelled ? 'Cancelled: ' : ''}${round.courseName} - ${calendar.resortName}`)}`,
    `LOCATION:${escapeIcsText(round.location)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    ...(round.url ? [`URL:${round.url}`] : []),
    ...(cancelled
      ? ['STATUS:CANCELLED', 'TRANSP:TRANSPARENT']
      : [
          'STATUS:CONFIRMED',
          'TRANSP:OPAQUE',
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeIcsText(`Tee time tomorrow: ${round.courseName}`)}`,
          'TRIGGER:-P1D',
          'END:VALARM',
        ]),
    'END:VEVENT',
  ];
}

/**
 * The whole .ics file, CRLF line endings, folded. METHOD:PUBLISH also for a cancelled booking: the file is a
 * published copy of the booking (no ORGANIZER or ATTENDEE, which iTIP's METHOD:CANCEL needs), and calendars apply
 * STATUS:CANCELLED with the higher SEQUENCE to the events of the same UID.
 */
export function bookingCalendarIcs(calendar: BookingCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(calendar.resortName)}//Online Booking//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(`Booking ${calendar.bookingNumber}`)}`,
    ...LONDON_VTIMEZONE,
    ...calendar.rounds.flatMap((round) => eventLines(calendar, round)),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** The file name offered for the download and the attachment. */
export function bookingCalendarFileName(bookingNumber: string): string {
  return `tee-times-${bookingNumber}.ics`;
}
