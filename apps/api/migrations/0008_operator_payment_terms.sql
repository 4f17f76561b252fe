ALTER TABLE "bookings" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_pence" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_reason" text;--> statement-breakpoint
CREATE INDEX "bookings_payment_due_idx" ON "bookings" USING btree ("balance_due_at") WHERE "bookings"."status" = 'confirmed' and "bookings"."payment_method" in ('deposit', 'offline');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_method_known" CHECK ("bookings"."payment_method" is null or "bookings"."payment_method" in ('online', 'deposit', 'offline'));