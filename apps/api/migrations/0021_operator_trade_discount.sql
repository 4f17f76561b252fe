-- Trade rates (issue 24): each tour operator's percent off green fees and combinations, set by staff; 0 for none.
ALTER TABLE "operators" ADD COLUMN "trade_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_trade_discount_percent" CHECK ("operators"."trade_discount_percent" between 0 and 50);