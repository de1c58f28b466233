-- Issue 20: course runs (start and end in UTC, bilingual schedule, mode, seats, own price and instructor),
-- the run an enrollment request is for, and the waiting-list status.
CREATE TABLE "course_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"schedule" text,
	"schedule_ar" text,
	"mode" text DEFAULT 'live_online' NOT NULL,
	"location" text,
	"location_ar" text,
	"capacity" integer,
	"price" numeric(10, 2),
	"status" text DEFAULT 'open' NOT NULL,
	"instructor_id" uuid,
	"session_minutes" integer,
	"repeat_frequency" text,
	"repeat_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_runs_mode_check" CHECK ("course_runs"."mode" in ('live_online', 'self_paced', 'on_site')),
	CONSTRAINT "course_runs_status_check" CHECK ("course_runs"."status" in ('open', 'closed', 'cancelled')),
	CONSTRAINT "course_runs_dates" CHECK ("course_runs"."ends_at" is null or "course_runs"."ends_at" >= "course_runs"."starts_at"),
	CONSTRAINT "course_runs_schedule_len" CHECK (coalesce(char_length("course_runs"."schedule"), 0) <= 200 and coalesce(char_length("course_runs"."schedule_ar"), 0) <= 200),
	CONSTRAINT "course_runs_location_len" CHECK (coalesce(char_length("course_runs"."location"), 0) <= 200 and coalesce(char_length("course_runs"."location_ar"), 0) <= 200),
	CONSTRAINT "course_runs_on_site_location" CHECK ("course_runs"."mode" <> 'on_site' or coalesce("course_runs"."location", "course_runs"."location_ar") is not null),
	CONSTRAINT "course_runs_capacity_range" CHECK ("course_runs"."capacity" is null or "course_runs"."capacity" between 1 and 10000),
	CONSTRAINT "course_runs_price_nonneg" CHECK ("course_runs"."price" is null or "course_runs"."price" >= 0),
	CONSTRAINT "course_runs_session_minutes_range" CHECK ("course_runs"."session_minutes" is null or "course_runs"."session_minutes" between 1 and 1440),
	CONSTRAINT "course_runs_repeat_frequency_check" CHECK ("course_runs"."repeat_frequency" is null or "course_runs"."repeat_frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "course_runs_repeat_count_range" CHECK ("course_runs"."repeat_count" is null or "course_runs"."repeat_count" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_status_check";--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_runs" ADD CONSTRAINT "course_runs_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_runs_course_starts_idx" ON "course_runs" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE INDEX "course_runs_open_starts_idx" ON "course_runs" USING btree ("starts_at","course_id") WHERE "course_runs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "course_runs_instructor_idx" ON "course_runs" USING btree ("instructor_id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_run_id_course_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."course_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_run_status_created_idx" ON "enrollments" USING btree ("run_id","status","created_at","id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_status_check" CHECK ("enrollments"."status" in ('pending', 'approved', 'rejected', 'waiting'));