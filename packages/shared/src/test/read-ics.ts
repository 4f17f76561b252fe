import ICAL from 'ical.js';

/**
 * Tests only: the events of an .ics file as a calendar reads them (ical.js, with the file's own VTIMEZONE
 * registered, so times are read the way calendars read them).
 */
export function readIcsEvents(ics: string) {
  const component = new ICAL.Component(ICAL.parse(ics));
  const zone = component.getFirstSubcomponent('vtimezone');
  if (!zone) throw new Error('no VTIMEZONE');
  ICAL.TimezoneService.register(zone);
  try {
    return component.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        status: vevent.getFirstPropertyValue('status'),
        alarms: vevent.getAllSubcomponents('valarm').length,
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
