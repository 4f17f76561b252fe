import { describe, expect, it } from 'vitest';
import { type BookingCalendar, bookingCalendarIcs, escapeIcsText, foldIcsLine } from './calendar-ics';
import { readIcsEvents } from './test/read-ics';

const ADDRESS = 'Links Parade, Carnoustie DD7 7JE, United Kingdom';

function round(uid: string, courseName: string, iso: string, durationHours = 4) {
  return { uid, courseName, startsAt: new Date(iso), durationHours, location: ADDRESS };
}

// Clocks go back at 02:00 BST on Sunday 25 October 2026 and forward at 01:00 GMT on Sunday 29 March 2026.
const calendar: BookingCalendar = {
  bookingNumber: '48213377',
  resortName: 'Links Golf Resort',
  generatedAt: new Date('2026-03-01T12:00:00Z'),
  rounds: [
    round('b48213377-c2@links', 'Burnside Course', '2026-03-28T10:00:00Z'), // Sat 10:00 GMT
    round('b48213377-c4@links', 'Buddon Links Course', '2026-03-30T09:00:00Z'), // Mon 10:00 BST
    round('b48213377-c1@links', 'Championship Course', '2026-10-24T13:30:00Z', 4.5), // Sat 14:30 BST
    round('b48213377-c5@links', 'Championship Course', '2026-10-26T14:30:00Z', 4.5), // Mon 14:30 GMT
  ],
};

const parse = readIcsEvents;

describe('bookingCalendarIcs', () => {
  const ics = bookingCalendarIcs(calendar);

  it('is CRLF throughout, with no physical line over 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
  });

  it('gives one event per round at the right UK wall time on each side of both clock changes', () => {
    const events = parse(ics);
    expect(events.map((event) => [event.wall, event.start, event.end])).toEqual([
      ['2026-03-28T10:00:00', '2026-03-28T10:00:00.000Z', '2026-03-28T14:00:00.000Z'],
      ['2026-03-30T10:00:00', '2026-03-30T09:00:00.000Z', '2026-03-30T13:00:00.000Z'],
      ['2026-10-24T14:30:00', '2026-10-24T13:30:00.000Z', '2026-10-24T18:00:00.000Z'],
      ['2026-10-26T14:30:00', '2026-10-26T14:30:00.000Z', '2026-10-26T19:00:00.000Z'],
    ]);
    expect(events.every((event) => event.zone === 'Europe/London')).toBe(true);
  });

  it('names the course and the resort, with the address and a stable UID', () => {
    const [first] = parse(ics);
    expect(first).toMatchObject({
      uid: 'b48213377-c2@links',
      summary: 'Burnside Course - Links Golf Resort',
      location: ADDRESS,
      description: 'Booking number 48213377.',
    });
    expect(bookingCalendarIcs(calendar)).toBe(ics);
  });

  it('escapes text and folds long multi-byte lines so a parser reads them back unchanged', () => {
    const name =
      'Course; with, commas\\ and a very long name – “quoted” – that will certainly need folding é';
    const description = 'Golfers: 2 (Adult, Under 16)\nCaddies: 1, paid in cash at play 🏌️';
    const text = bookingCalendarIcs({
      ...calendar,
      rounds: [{ ...round('u1', name, '2026-07-01T08:00:00Z'), description }],
    });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const [event] = parse(text);
    expect(event?.summary).toBe(`${name} - Links Golf Resort`);
    expect(event?.description).toBe(`Booking number 48213377.\n${description}`);
  });
});

describe('bookingCalendarIcs across changes', () => {
  it('starts at SEQUENCE 0 and writes the booking revision it is given into every event', () => {
    expect(parse(bookingCalendarIcs(calendar)).map((event) => event.sequence)).toEqual([0, 0, 0, 0]);
    const revised = parse(bookingCalendarIcs({ ...calendar, sequence: 3 }));
    expect(revised.map((event) => event.sequence)).toEqual([3, 3, 3, 3]);
  });

  it('keeps the UID of a round moved to another tee time, with a higher SEQUENCE and the new time', () => {
    const [first] = calendar.rounds;
    const before = parse(bookingCalendarIcs({ ...calendar, rounds: [first!] }))[0];
    const moved = { ...first!, startsAt: new Date('2026-03-28T14:30:00Z') };
    const after = parse(bookingCalendarIcs({ ...calendar, rounds: [moved], sequence: 1 }))[0];
    expect(after?.uid).toBe(before?.uid);
    expect(after?.sequence).toBeGreaterThan(before?.sequence ?? 0);
    expect([before?.wall, after?.wall]).toEqual(['2026-03-28T10:00:00', '2026-03-28T14:30:00']);
  });

  it('marks the events of a cancelled booking cancelled, under the same UIDs, without the alarm', () => {
    const live = parse(bookingCalendarIcs(calendar));
    const cancelled = parse(bookingCalendarIcs({ ...calendar, sequence: 2, cancelled: true }));
    expect(cancelled.map((event) => event.uid)).toEqual(live.map((event) => event.uid));
    expect(live.map((event) => [event.status, event.alarms])).toEqual(Array(4).fill(['CONFIRMED', 1]));
    expect(cancelled.map((event) => [event.status, event.alarms, event.sequence])).toEqual(
      Array(4).fill(['CANCELLED', 0, 2]),
    );
    expect(cancelled[0]?.summary).toBe('Cancelled: Burnside Course - Links Golf Resort');
  });
});

describe('escapeIcsText and foldIcsLine', () => {
  it('escape the RFC 5545 specials', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('leave a 75-octet line alone and fold a 76-octet one', () => {
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldIcsLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('never split a multi-byte character', () => {
    const folded = foldIcsLine(`${'x'.repeat(74)}é`);
    expect(folded).toBe(`${'x'.repeat(74)}\r\n é`);
  });
});
