-- Groups of 5-16 golfers (issue 24): a group's rounds are consecutive tee times on one course, so a booking may list a course more than once but never a tee time twice; golfer positions go to 16.
ALTER TABLE "booking_golfers" DROP CONSTRAINT "booking_golfers_position_range";--> statement-breakpoint
DROP INDEX "booking_rounds_booking_course";--> statement-breakpoint
CREATE UNIQUE INDEX "booking_rounds_booking_slot" ON "booking_rounds" USING btree ("booking_id","slot_id");--> statement-breakpoint
ALTER TABLE "booking_golfers" ADD CONSTRAINT "booking_golfers_position_range" CHECK ("booking_golfers"."position" between 1 and 16);