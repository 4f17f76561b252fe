CREATE TYPE "public"."block_reason" AS ENUM('competition', 'dark', 'maintenance');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('held', 'confirmed', 'cancelled', 'expired');--> statement-breakpoint
CREATE TABLE "blocked_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blocked_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" "block_reason" NOT NULL,
	"note" text,
	CONSTRAINT "blocked_periods_natural_key" UNIQUE("course_id","starts_at","ends_at"),
	CONSTRAINT "blocked_periods_time_order" CHECK ("blocked_periods"."starts_at" < "blocked_periods"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "booking_golfers" (
	"booking_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"player_type_id" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"tickets" jsonb NOT NULL,
	"ticket_label" text NOT NULL,
	CONSTRAINT "booking_golfers_booking_id_position_pk" PRIMARY KEY("booking_id","position"),
	CONSTRAINT "booking_golfers_position_range" CHECK ("booking_golfers"."position" between 1 and 4),
	CONSTRAINT "booking_golfers_vat_sum" CHECK ("booking_golfers"."net_pence" + "booking_golfers"."vat_pence" = "booking_golfers"."total_pence")
);
--> statement-breakpoint
CREATE TABLE "booking_rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"players" smallint NOT NULL,
	"caddies" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_rounds_players_range" CHECK ("booking_rounds"."players" between 1 and 4),
	CONSTRAINT "booking_rounds_caddies_range" CHECK ("booking_rounds"."caddies" between 0 and "booking_rounds"."players")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_number" text NOT NULL,
	"status" "booking_status" DEFAULT 'held' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer,
	"notes" text,
	"caddies_option" text,
	"player_details" jsonb,
	"net_pence" integer,
	"vat_pence" integer,
	"payable_pence" integer,
	"paid_pence" integer,
	"pin_hash" text,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_bookingNumber_unique" UNIQUE("booking_number"),
	CONSTRAINT "bookings_held_has_expiry" CHECK ("bookings"."status" <> 'held' or "bookings"."hold_expires_at" is not null),
	CONSTRAINT "bookings_booking_number_digits" CHECK ("bookings"."booking_number" ~ '^[0-9]{6,24}$')
);
--> statement-breakpoint
CREATE TABLE "caddie_price_ranges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caddie_price_ranges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price_pence" integer NOT NULL,
	CONSTRAINT "caddie_price_ranges_dates" UNIQUE("start_date","end_date"),
	CONSTRAINT "caddie_price_ranges_date_order" CHECK ("caddie_price_ranges"."start_date" <= "caddie_price_ranges"."end_date"),
	CONSTRAINT "caddie_price_ranges_price_non_negative" CHECK ("caddie_price_ranges"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "combination_package_courses" (
	"package_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "combination_package_courses_package_id_course_id_pk" PRIMARY KEY("package_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "combination_package_prices" (
	"package_id" integer NOT NULL,
	"player_type_id" integer NOT NULL,
	"price_pence" integer NOT NULL,
	CONSTRAINT "combination_package_prices_package_id_player_type_id_pk" PRIMARY KEY("package_id","player_type_id"),
	CONSTRAINT "combination_package_prices_non_negative" CHECK ("combination_package_prices"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "combination_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "combination_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"valid_from_month_day" text DEFAULT '04-01' NOT NULL,
	"valid_to_month_day" text DEFAULT '10-31' NOT NULL,
	CONSTRAINT "combination_packages_code_unique" UNIQUE("code"),
	CONSTRAINT "combination_packages_valid_from_format" CHECK ("combination_packages"."valid_from_month_day" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
	CONSTRAINT "combination_packages_valid_to_format" CHECK ("combination_packages"."valid_to_month_day" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$')
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image_path" text NOT NULL,
	"course_completion_time" numeric(4, 2) NOT NULL,
	"closing_date" date NOT NULL,
	"guide_url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"address" text NOT NULL,
	"slot_interval_minutes" integer DEFAULT 10 NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "courses_completion_time_positive" CHECK ("courses"."course_completion_time" > 0),
	CONSTRAINT "courses_slot_interval_range" CHECK ("courses"."slot_interval_minutes" between 5 and 60)
);
--> statement-breakpoint
CREATE TABLE "green_fees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "green_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"player_type_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"price_pence" integer NOT NULL,
	CONSTRAINT "green_fees_course_type_season" UNIQUE("course_id","player_type_id","season_id"),
	CONSTRAINT "green_fees_price_non_negative" CHECK ("green_fees"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "player_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "seasons_name_unique" UNIQUE("name"),
	CONSTRAINT "seasons_date_order" CHECK ("seasons"."start_date" <= "seasons"."end_date")
);
--> statement-breakpoint
CREATE TABLE "tee_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tee_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"capacity" smallint DEFAULT 4 NOT NULL,
	CONSTRAINT "tee_slots_course_starts_at" UNIQUE("course_id","starts_at"),
	CONSTRAINT "tee_slots_capacity_range" CHECK ("tee_slots"."capacity" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "tee_windows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tee_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "tee_windows_natural_key" UNIQUE NULLS NOT DISTINCT("course_id","weekday","start_time","valid_from"),
	CONSTRAINT "tee_windows_weekday_range" CHECK ("tee_windows"."weekday" between 0 and 6),
	CONSTRAINT "tee_windows_time_order" CHECK ("tee_windows"."start_time" <= "tee_windows"."end_time"),
	CONSTRAINT "tee_windows_valid_order" CHECK ("tee_windows"."valid_from" is null or "tee_windows"."valid_to" is null or "tee_windows"."valid_from" <= "tee_windows"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocked_periods" ADD CONSTRAINT "blocked_periods_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_golfers" ADD CONSTRAINT "booking_golfers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_golfers" ADD CONSTRAINT "booking_golfers_player_type_id_player_types_id_fk" FOREIGN KEY ("player_type_id") REFERENCES "public"."player_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rounds" ADD CONSTRAINT "booking_rounds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rounds" ADD CONSTRAINT "booking_rounds_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rounds" ADD CONSTRAINT "booking_rounds_slot_id_tee_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."tee_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combination_package_courses" ADD CONSTRAINT "combination_package_courses_package_id_combination_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."combination_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combination_package_courses" ADD CONSTRAINT "combination_package_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combination_package_prices" ADD CONSTRAINT "combination_package_prices_package_id_combination_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."combination_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combination_package_prices" ADD CONSTRAINT "combination_package_prices_player_type_id_player_types_id_fk" FOREIGN KEY ("player_type_id") REFERENCES "public"."player_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "green_fees" ADD CONSTRAINT "green_fees_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "green_fees" ADD CONSTRAINT "green_fees_player_type_id_player_types_id_fk" FOREIGN KEY ("player_type_id") REFERENCES "public"."player_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "green_fees" ADD CONSTRAINT "green_fees_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tee_slots" ADD CONSTRAINT "tee_slots_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tee_windows" ADD CONSTRAINT "tee_windows_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_periods_course_starts_idx" ON "blocked_periods" USING btree ("course_id","starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_rounds_booking_course" ON "booking_rounds" USING btree ("booking_id","course_id");--> statement-breakpoint
CREATE INDEX "booking_rounds_slot_idx" ON "booking_rounds" USING btree ("slot_id","booking_id","players");--> statement-breakpoint
CREATE INDEX "bookings_held_expiry_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "caddie_price_ranges_end_idx" ON "caddie_price_ranges" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "seasons_dates_idx" ON "seasons" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "tee_windows_course_weekday_idx" ON "tee_windows" USING btree ("course_id","weekday");