ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_status_check";--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "enrollments_hold_expires_idx" ON "enrollments" USING btree ("hold_expires_at") WHERE "enrollments"."status" = 'approved' and "enrollments"."hold_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_status_check" CHECK ("enrollments"."status" in ('pending', 'approved', 'rejected', 'waiting', 'expired'));