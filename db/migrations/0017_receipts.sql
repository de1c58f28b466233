CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_positive" CHECK ("receipt_counters"."last_number" > 0 and "receipt_counters"."year" between 2000 and 2999)
);
--> statement-breakpoint
ALTER TABLE "enrollment_ledger" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "enrollment_ledger" ADD CONSTRAINT "enrollment_ledger_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "enrollment_ledger" ADD CONSTRAINT "enrollment_ledger_receipt_check" CHECK ("enrollment_ledger"."receipt_number" is null or ("enrollment_ledger"."kind" = 'payment' and char_length("enrollment_ledger"."receipt_number") <= 40));