ALTER TABLE "user" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "instructor_accounts" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_locale_check" CHECK ("user"."locale" is null or "user"."locale" in ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "instructor_accounts" ADD CONSTRAINT "instructor_accounts_locale_check" CHECK ("instructor_accounts"."locale" is null or "instructor_accounts"."locale" in ('en', 'ar'));