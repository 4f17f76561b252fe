-- The starter's check-in (issue 22): each golfer of a round marked arrived or no-show; no row means still expected.
CREATE TABLE "golfer_check_ins" (
	"booking_round_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"status" text NOT NULL,
	"staff_user_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "golfer_check_ins_booking_round_id_position_pk" PRIMARY KEY("booking_round_id","position"),
	CONSTRAINT "golfer_check_ins_position_range" CHECK ("golfer_check_ins"."position" between 1 and 4),
	CONSTRAINT "golfer_check_ins_status_known" CHECK ("golfer_check_ins"."status" in ('arrived', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "golfer_check_ins" ADD CONSTRAINT "golfer_check_ins_booking_round_id_booking_rounds_id_fk" FOREIGN KEY ("booking_round_id") REFERENCES "public"."booking_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "golfer_check_ins" ADD CONSTRAINT "golfer_check_ins_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;