CREATE TABLE "online_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"amount_piastres" bigint NOT NULL,
	"currency" text DEFAULT 'EGP' NOT NULL,
	"reference" text NOT NULL,
	"intention_id" text,
	"order_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"transaction_id" text,
	"failure" text,
	"ledger_entry_id" bigint,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "online_payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "online_payments_status_check" CHECK ("online_payments"."status" in ('created', 'paid', 'failed')),
	CONSTRAINT "online_payments_amount_check" CHECK ("online_payments"."amount_piastres" between 1 and 100000000000),
	CONSTRAINT "online_payments_paid_check" CHECK (("online_payments"."status" = 'paid') = ("online_payments"."ledger_entry_id" is not null)),
	CONSTRAINT "online_payments_text_len" CHECK (char_length("online_payments"."reference") <= 64 and coalesce(char_length("online_payments"."intention_id"), 0) <= 200 and coalesce(char_length("online_payments"."order_id"), 0) <= 64 and coalesce(char_length("online_payments"."transaction_id"), 0) <= 64 and coalesce(char_length("online_payments"."failure"), 0) <= 300 and "online_payments"."currency" = 'EGP' and "online_payments"."locale" in ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_ledger_entry_id_enrollment_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."enrollment_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payments_enrollment_idx" ON "online_payments" USING btree ("enrollment_id","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_course_id_idx" ON "enrollments" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "enrollment_ledger_money_idx" ON "enrollment_ledger" USING btree ("created_at","id") WHERE "enrollment_ledger"."kind" in ('payment', 'refund');