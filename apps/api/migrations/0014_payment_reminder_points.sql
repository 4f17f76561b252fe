-- Payment reminders at configurable points before a deadline (PAYMENT_REMINDER_DAYS, default 14 and 3 days; issue 24):
-- how many points are done for the running deadline. A booking already sent the one reminder of before has every
-- point done (at most 90 points can be configured), so no point is sent again.
ALTER TABLE "bookings" ADD COLUMN "payment_reminders_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "payment_reminders_done" = 90 WHERE "payment_reminder_sent_at" IS NOT NULL;
