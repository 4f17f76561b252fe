DROP INDEX "blocked_periods_course_starts_idx";--> statement-breakpoint
CREATE INDEX "blocked_periods_course_ends_idx" ON "blocked_periods" USING btree ("course_id","ends_at","starts_at");