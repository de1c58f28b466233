CREATE TABLE "enrollment_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enrollment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_piastres" bigint NOT NULL,
	"method" text,
	"reference" text,
	"reason" text,
	"actor_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollment_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "enrollment_ledger_kind_check" CHECK ("enrollment_ledger"."kind" in ('charge', 'adjustment', 'payment', 'refund')),
	CONSTRAINT "enrollment_ledger_amount_check" CHECK (case "enrollment_ledger"."kind" when 'charge' then "enrollment_ledger"."amount_piastres" >= 0 when 'adjustment' then "enrollment_ledger"."amount_piastres" <> 0 else "enrollment_ledger"."amount_piastres" > 0 end),
	CONSTRAINT "enrollment_ledger_amount_range" CHECK ("enrollment_ledger"."amount_piastres" between -100000000000 and 100000000000),
	CONSTRAINT "enrollment_ledger_method_check" CHECK (("enrollment_ledger"."kind" in ('payment', 'refund')) = ("enrollment_ledger"."method" is not null) and ("enrollment_ledger"."method" is null or "enrollment_ledger"."method" in ('instapay', 'wallet', 'bank', 'cash', 'paymob'))),
	CONSTRAINT "enrollment_ledger_reason_check" CHECK ("enrollment_ledger"."kind" not in ('adjustment', 'refund') or char_length(coalesce("enrollment_ledger"."reason", '')) between 1 and 500),
	CONSTRAINT "enrollment_ledger_text_len" CHECK (coalesce(char_length("enrollment_ledger"."reference"), 0) <= 200 and coalesce(char_length("enrollment_ledger"."reason"), 0) <= 500 and coalesce(char_length("enrollment_ledger"."idempotency_key"), 0) <= 200)
);
--> statement-breakpoint
ALTER TABLE "enrollment_ledger" ADD CONSTRAINT "enrollment_ledger_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_ledger_enrollment_idx" ON "enrollment_ledger" USING btree ("enrollment_id","id");--> statement-breakpoint
-- Append-only (QUALITY: money): a row, once written, is never changed or removed; a correction is a new entry.
CREATE FUNCTION "enrollment_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'enrollment_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "enrollment_ledger_no_update_delete" BEFORE UPDATE OR DELETE ON "enrollment_ledger"
  FOR EACH ROW EXECUTE FUNCTION "enrollment_ledger_append_only"();
