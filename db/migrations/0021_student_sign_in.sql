CREATE TABLE "student" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_email_unique" UNIQUE("email"),
	CONSTRAINT "student_text_len" CHECK (char_length("student"."email") <= 254 and char_length("student"."name") <= 200 and coalesce(char_length("student"."image"), 0) <= 500)
);
--> statement-breakpoint
CREATE TABLE "student_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"student_id" text NOT NULL,
	CONSTRAINT "student_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "student_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_session" ADD CONSTRAINT "student_session_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_session_student_idx" ON "student_session" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_verification_identifier_idx" ON "student_verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "enrollments_email_lower_idx" ON "enrollments" USING btree (lower("student_email"));