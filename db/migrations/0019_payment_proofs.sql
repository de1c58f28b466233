CREATE TABLE "payment_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"original_name" text,
	"size_bytes" integer NOT NULL,
	"amount_piastres" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"ledger_entry_id" bigint,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_proofs_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "payment_proofs_status_check" CHECK ("payment_proofs"."status" in ('pending', 'accepted', 'rejected')),
	CONSTRAINT "payment_proofs_method_check" CHECK ("payment_proofs"."method" in ('instapay', 'wallet', 'bank', 'cash')),
	CONSTRAINT "payment_proofs_amount_check" CHECK ("payment_proofs"."amount_piastres" between 1 and 100000000000),
	CONSTRAINT "payment_proofs_type_check" CHECK ("payment_proofs"."content_type" in ('image/webp', 'application/pdf')),
	CONSTRAINT "payment_proofs_text_len" CHECK (char_length("payment_proofs"."reference") between 1 and 200 and coalesce(char_length("payment_proofs"."reject_reason"), 0) <= 500 and coalesce(char_length("payment_proofs"."original_name"), 0) <= 255 and char_length("payment_proofs"."file_key") <= 200),
	CONSTRAINT "payment_proofs_review_check" CHECK (("payment_proofs"."status" = 'pending') = ("payment_proofs"."reviewed_at" is null) and ("payment_proofs"."status" = 'rejected') = ("payment_proofs"."reject_reason" is not null) and ("payment_proofs"."status" = 'accepted') = ("payment_proofs"."ledger_entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_ledger_entry_id_enrollment_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."enrollment_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_proofs_queue_idx" ON "payment_proofs" USING btree ("created_at") WHERE "payment_proofs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_proofs_enrollment_idx" ON "payment_proofs" USING btree ("enrollment_id","created_at");