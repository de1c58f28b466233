CREATE INDEX "courses_title_lower_id_idx" ON "courses" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "courses_price_asc_idx" ON "courses" USING btree (coalesce("price", 0),"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "courses_price_desc_idx" ON "courses" USING btree (coalesce("price", 0) desc,"created_at" DESC NULLS FIRST,"id");