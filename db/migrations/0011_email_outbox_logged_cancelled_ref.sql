-- Issue 17: the email log tells "logged only" (no SMTP server configured) apart from "sent", and a staff
-- decision undone within its window withdraws its email ("cancelled"); `ref` names what an email is about.
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "ref" text;--> statement-breakpoint
CREATE INDEX "email_outbox_ref_idx" ON "email_outbox" USING btree ("ref");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'logged', 'failed', 'cancelled'));