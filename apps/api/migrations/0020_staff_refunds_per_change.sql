-- A booking may have several staff refunds (each change that returns money, then its cancellation's): the unique booking id goes, an index stays.
ALTER TABLE "staff_refunds" DROP CONSTRAINT "staff_refunds_bookingId_unique";--> statement-breakpoint
CREATE INDEX "staff_refunds_booking_index" ON "staff_refunds" USING btree ("booking_id");