CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_key_pk" PRIMARY KEY("bucket","key"),
	CONSTRAINT "rate_limit_counters_hits_positive" CHECK ("rate_limit_counters"."hits" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "session_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "bookings_held_client_idx" ON "bookings" USING btree ("client_key","hold_expires_at") WHERE "bookings"."status" = 'held';