ALTER TABLE "student" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_profile_check" CHECK (coalesce(char_length("student"."name_en"), 0) <= 120 and coalesce(char_length("student"."name_ar"), 0) <= 120 and coalesce(char_length("student"."phone"), 0) <= 16 and ("student"."locale" is null or "student"."locale" in ('en', 'ar')));