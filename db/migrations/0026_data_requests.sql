CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'erase' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"email" text,
	"email_hash" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"summary" jsonb,
	CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" in ('erase')),
	CONSTRAINT "data_requests_status_check" CHECK ("data_requests"."status" in ('pending', 'done')),
	CONSTRAINT "data_requests_email_check" CHECK (("data_requests"."status" = 'pending') = ("data_requests"."email" is not null) and coalesce(char_length("data_requests"."email"), 0) <= 254)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_one_pending_idx" ON "data_requests" USING btree ("email_hash") WHERE "data_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_requests_requested_idx" ON "data_requests" USING btree ("requested_at" DESC NULLS LAST);