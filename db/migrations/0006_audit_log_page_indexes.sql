DROP INDEX "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_id_idx" ON "audit_log" USING btree ("entity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);