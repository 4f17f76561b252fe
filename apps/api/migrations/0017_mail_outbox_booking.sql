-- Which booking a message is about (issue 22): the staff booking page lists every e-mail sent for a booking.
ALTER TABLE "mail_outbox" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_booking_index" ON "mail_outbox" USING btree ("booking_id") WHERE "mail_outbox"."booking_id" is not null;