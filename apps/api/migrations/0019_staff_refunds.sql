-- Refunds of bookings cancelled by staff (issue 22): pending until the provider has made them, retried by the reconciliation job.
CREATE TABLE "staff_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_refunds_bookingId_unique" UNIQUE("booking_id"),
	CONSTRAINT "staff_refunds_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "staff_refunds_amount_positive" CHECK ("staff_refunds"."amount_pence" > 0),
	CONSTRAINT "staff_refunds_status_known" CHECK ("staff_refunds"."status" in ('pending', 'succeeded'))
);
--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_refunds_pending_index" ON "staff_refunds" USING btree ("next_attempt_at") WHERE "staff_refunds"."status" = 'pending';