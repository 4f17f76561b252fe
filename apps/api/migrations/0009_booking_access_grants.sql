CREATE TABLE "booking_access_grants" (
	"session_key" text NOT NULL,
	"booking_id" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_access_grants_session_key_booking_id_pk" PRIMARY KEY("session_key","booking_id"),
	CONSTRAINT "booking_access_grants_expiry_after_grant" CHECK ("booking_access_grants"."expires_at" > "booking_access_grants"."granted_at")
);
--> statement-breakpoint
ALTER TABLE "booking_access_grants" ADD CONSTRAINT "booking_access_grants_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_access_grants_expires_idx" ON "booking_access_grants" USING btree ("expires_at");