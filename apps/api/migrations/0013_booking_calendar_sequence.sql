-- The SEQUENCE of a booking's calendar events (RFC 5545, issue 21 §7): each change a calendar shows raises it
-- (bumpCalendarSequence), so a re-imported .ics replaces the events it made before. Existing bookings start at 0, the
-- sequence of the files already sent.
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;
