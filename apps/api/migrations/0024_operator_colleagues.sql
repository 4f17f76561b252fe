-- Colleagues (issue 24): a colleague's operator row points at its company and carries the colleague's own name.
ALTER TABLE "operators" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "person_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_company_id_operators_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operators_company_idx" ON "operators" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_company_not_self" CHECK ("operators"."company_id" <> "operators"."id");