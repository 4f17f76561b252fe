import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type BookingCalendar, bookingCalendarIcs, escapeIcsText, foldIcsLine } from './calendar-ics';

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

/** Parses with ical.js, registering the file's own VTIMEZONE, so the times are read the way calendars read them. */
function parse(ics: string) {
  const component = new ICAL.Component(ICAL.parse(ics));
  const zone = component.getFirstSubcomponent('vtimezone');
  if (!zone) throw new Error('no VTIMEZONE');
  ICAL.TimezoneService.register(zone);
  try {
    return component.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        location: event.location,
        description: event.description,
        zone: event.startDate.zone?.tzid,
        wall: event.startDate.toString(),
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      };
    });
  } finally {
    ICAL.TimezoneService.remove('Europe/London');
  }
}

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
