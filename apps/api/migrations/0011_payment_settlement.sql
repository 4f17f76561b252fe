-- How the booking engine settled each payment intent (issue 20 §2), and when the reconciliation job may next look at
-- one that is not settled yet. Existing intents are settled from what the tables already say: a succeeded intent its
-- booking is confirmed with, a succeeded intent refunded in full, a canceled intent. Everything else is left for the
-- job, which asks the provider: a paid intent of a booking that is not confirmed with it is confirmed or refunded, and
-- an open intent of a lapsed or re-priced booking is cancelled.
ALTER TABLE "payment_intents" ADD COLUMN "settlement" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "settlement_reason" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "reconcile_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "reconcile_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_intents_unsettled_idx" ON "payment_intents" USING btree ("reconcile_at") WHERE "payment_intents"."settled_at" is null;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_settlement_known" CHECK ("payment_intents"."settlement" is null or "payment_intents"."settlement" in ('confirmed', 'refund_pending', 'refunded', 'canceled'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_settlement_reason_known" CHECK ("payment_intents"."settlement_reason" is null or "payment_intents"."settlement_reason" in ('amount_mismatch', 'paid_twice', 'booking_cancelled', 'places_gone'));
--> statement-breakpoint
UPDATE "payment_intents" AS "pi" SET "settlement" = 'confirmed', "settled_at" = now()
FROM "bookings" AS "b"
WHERE "b"."payment_intent_id" = "pi"."id" AND "b"."status" = 'confirmed' AND "pi"."status" = 'succeeded';
--> statement-breakpoint
UPDATE "payment_intents" AS "pi" SET "settlement" = 'refunded', "settled_at" = now()
WHERE "pi"."settlement" IS NULL AND "pi"."status" = 'succeeded'
  AND (SELECT coalesce(sum("r"."amount"), 0) FROM "payment_refunds" AS "r"
       WHERE "r"."payment_intent_id" = "pi"."id" AND "r"."status" IN ('pending', 'succeeded')) >= "pi"."amount";
--> statement-breakpoint
UPDATE "payment_intents" SET "settlement" = 'canceled', "settled_at" = now() WHERE "status" = 'canceled';
