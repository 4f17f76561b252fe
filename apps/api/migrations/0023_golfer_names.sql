-- Golfers' names by a deadline (issue 24): the operator names each golfer; the names reminder is sent once.
ALTER TABLE "booking_golfers" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "names_reminder_sent_at" timestamp with time zone;