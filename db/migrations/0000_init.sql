CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'instructor_course_manager' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_role_check" CHECK ("user"."role" in ('admin', 'instructor_course_manager'))
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_name_len" CHECK (char_length("categories"."name") between 1 and 100),
	CONSTRAINT "categories_name_ar_len" CHECK ("categories"."name_ar" is null or char_length("categories"."name_ar") <= 100),
	CONSTRAINT "categories_slug_format" CHECK (char_length("categories"."slug") <= 50 and "categories"."slug" ~ '^[a-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_name_len" CHECK (char_length("contact_messages"."name") between 1 and 200),
	CONSTRAINT "contact_messages_email_len" CHECK (char_length("contact_messages"."email") between 3 and 254),
	CONSTRAINT "contact_messages_message_len" CHECK (char_length("contact_messages"."message") between 1 and 5000),
	CONSTRAINT "contact_messages_locale_check" CHECK ("contact_messages"."locale" in ('en', 'ar'))
);
--> statement-breakpoint
CREATE TABLE "course_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text DEFAULT 'PDF' NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_documents_size_nonneg" CHECK ("course_documents"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text,
	"description" text,
	"language" text NOT NULL,
	"level" text,
	"curriculum" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instructor_id" uuid,
	"category_id" uuid,
	"subcategory_id" uuid,
	"thumbnail_url" text,
	"pdf_url" text,
	"hours" integer,
	"price" numeric(10, 2),
	"price_visible" boolean DEFAULT true NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "courses_title_len" CHECK (char_length("courses"."title") between 1 and 200),
	CONSTRAINT "courses_slug_format" CHECK (char_length("courses"."slug") <= 100 and "courses"."slug" ~ '^[a-z0-9-]+$'),
	CONSTRAINT "courses_summary_len" CHECK ("courses"."summary" is null or char_length("courses"."summary") <= 500),
	CONSTRAINT "courses_description_len" CHECK ("courses"."description" is null or char_length("courses"."description") <= 5000),
	CONSTRAINT "courses_language_check" CHECK ("courses"."language" in ('en', 'ar')),
	CONSTRAINT "courses_level_check" CHECK ("courses"."level" is null or "courses"."level" in ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "courses_hours_min" CHECK ("courses"."hours" is null or "courses"."hours" >= 1),
	CONSTRAINT "courses_price_nonneg" CHECK ("courses"."price" is null or "courses"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" text NOT NULL,
	"course_id" uuid,
	"course_name" text NOT NULL,
	"student_name" text NOT NULL,
	"student_email" text NOT NULL,
	"student_phone" text NOT NULL,
	"current_level" text,
	"preferred_schedule" text,
	"message" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_enrollment_id_unique" UNIQUE("enrollment_id"),
	CONSTRAINT "enrollments_status_check" CHECK ("enrollments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "enrollments_locale_check" CHECK ("enrollments"."locale" in ('en', 'ar')),
	CONSTRAINT "enrollments_student_name_len" CHECK (char_length("enrollments"."student_name") between 1 and 200),
	CONSTRAINT "enrollments_student_email_len" CHECK (char_length("enrollments"."student_email") between 3 and 254),
	CONSTRAINT "enrollments_message_len" CHECK ("enrollments"."message" is null or char_length("enrollments"."message") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "instructor_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instructor_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"duration_hours" integer DEFAULT 0 NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"is_activated" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructor_accounts_instructor_id_unique" UNIQUE("instructor_id"),
	CONSTRAINT "instructor_accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "instructor_accounts_hours" CHECK ("instructor_accounts"."duration_hours" between 0 and 24),
	CONSTRAINT "instructor_accounts_minutes" CHECK ("instructor_accounts"."duration_minutes" between 0 and 59)
);
--> statement-breakpoint
CREATE TABLE "instructor_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructor_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "instructors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"title" text,
	"title_ar" text,
	"bio_short" text,
	"bio_short_ar" text,
	"photo_url" text,
	"email" text,
	"facebook" text,
	"instagram" text,
	"linkedin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructors_name_len" CHECK (char_length("instructors"."name") between 1 and 100),
	CONSTRAINT "instructors_name_ar_len" CHECK ("instructors"."name_ar" is null or char_length("instructors"."name_ar") <= 100),
	CONSTRAINT "instructors_title_len" CHECK ("instructors"."title" is null or char_length("instructors"."title") <= 100),
	CONSTRAINT "instructors_title_ar_len" CHECK ("instructors"."title_ar" is null or char_length("instructors"."title_ar") <= 100),
	CONSTRAINT "instructors_bio_len" CHECK ("instructors"."bio_short" is null or char_length("instructors"."bio_short") <= 2000),
	CONSTRAINT "instructors_bio_ar_len" CHECK ("instructors"."bio_short_ar" is null or char_length("instructors"."bio_short_ar") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_name" text PRIMARY KEY NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"slug" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "subcategories_name_len" CHECK (char_length("subcategories"."name") between 1 and 100),
	CONSTRAINT "subcategories_name_ar_len" CHECK ("subcategories"."name_ar" is null or char_length("subcategories"."name_ar") <= 100),
	CONSTRAINT "subcategories_slug_format" CHECK (char_length("subcategories"."slug") <= 100 and "subcategories"."slug" ~ '^[a-z0-9-]+$'),
	CONSTRAINT "subcategories_description_len" CHECK ("subcategories"."description" is null or char_length("subcategories"."description") <= 500),
	CONSTRAINT "subcategories_sort_order_nonneg" CHECK ("subcategories"."sort_order" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_documents" ADD CONSTRAINT "course_documents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_accounts" ADD CONSTRAINT "instructor_accounts_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_accounts" ADD CONSTRAINT "instructor_accounts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_sessions" ADD CONSTRAINT "instructor_sessions_account_id_instructor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."instructor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_documents_course_idx" ON "course_documents" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "courses_published_created_idx" ON "courses" USING btree ("is_published","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_created_idx" ON "courses" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_language_idx" ON "courses" USING btree ("language","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_subcategory_idx" ON "courses" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "courses_instructor_idx" ON "courses" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_created_idx" ON "enrollments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_status_created_idx" ON "enrollments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_course_status_idx" ON "enrollments" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "instructor_sessions_account_idx" ON "instructor_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "instructors_name_idx" ON "instructors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "subcategories_category_order_idx" ON "subcategories" USING btree ("category_id","sort_order","name");