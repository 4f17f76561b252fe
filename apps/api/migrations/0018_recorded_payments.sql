-- Payments taken by phone, at the desk or by bank transfer, recorded by staff (issue 22): each raised the booking's paid amount.
CREATE TABLE "recorded_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recorded_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"staff_user_id" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recorded_payments_amount_positive" CHECK ("recorded_payments"."amount_pence" > 0),
	CONSTRAINT "recorded_payments_method_known" CHECK ("recorded_payments"."method" in ('phone', 'desk', 'bank_transfer'))
);
--> statement-breakpoint
ALTER TABLE "recorded_payments" ADD CONSTRAINT "recorded_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorded_payments" ADD CONSTRAINT "recorded_payments_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recorded_payments_booking_index" ON "recorded_payments" USING btree ("booking_id");