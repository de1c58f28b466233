-- Issue 19: featured courses for the home page (flag and staff order), "What you will learn" in English and
-- Arabic, and where each enrollment request came from (site path, utm_* of the visit, referring host).
ALTER TABLE "courses" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "featured_order" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes_ar" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "source_page" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "referrer_host" text;--> statement-breakpoint
CREATE INDEX "courses_featured_order_idx" ON "courses" USING btree ("featured_order","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "courses"."featured" and "courses"."is_published";--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_featured_order_nonneg" CHECK ("courses"."featured_order" is null or "courses"."featured_order" >= 0);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_outcomes_array" CHECK (jsonb_typeof("courses"."outcomes") = 'array' and jsonb_array_length("courses"."outcomes") <= 30);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_outcomes_ar_array" CHECK (jsonb_typeof("courses"."outcomes_ar") = 'array' and jsonb_array_length("courses"."outcomes_ar") <= 30);--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_source_page_len" CHECK ("enrollments"."source_page" is null or char_length("enrollments"."source_page") <= 500);--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_utm_len" CHECK (coalesce(char_length("enrollments"."utm_source"), 0) <= 100 and coalesce(char_length("enrollments"."utm_medium"), 0) <= 100 and coalesce(char_length("enrollments"."utm_campaign"), 0) <= 100 and coalesce(char_length("enrollments"."utm_term"), 0) <= 100 and coalesce(char_length("enrollments"."utm_content"), 0) <= 100);--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_referrer_host_len" CHECK ("enrollments"."referrer_host" is null or char_length("enrollments"."referrer_host") <= 253);