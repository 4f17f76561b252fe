-- VAT invoices and credit notes (issue 24): one per payment and refund, numbered from one gap-free counter.
CREATE TABLE "invoice_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"credits_invoice_id" integer,
	"customer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_sourceKey_unique" UNIQUE("source_key"),
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_amounts_add_up" CHECK ("invoices"."net_pence" + "invoices"."vat_pence" = "invoices"."gross_pence"),
	CONSTRAINT "invoices_gross_positive" CHECK ("invoices"."gross_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_booking_index" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
INSERT INTO "invoice_counters" ("name", "last") VALUES ('invoices', 0);
