CREATE TABLE "enrollment_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "courses_published_created_idx";--> statement-breakpoint
DROP INDEX "courses_created_idx";--> statement-breakpoint
DROP INDEX "courses_language_idx";--> statement-breakpoint
DROP INDEX "courses_category_idx";--> statement-breakpoint
DROP INDEX "courses_subcategory_idx";--> statement-breakpoint
DROP INDEX "courses_published_language_created_idx";--> statement-breakpoint
CREATE INDEX "courses_published_created_id_idx" ON "courses" USING btree ("is_published","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_created_id_idx" ON "courses" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_language_created_id_idx" ON "courses" USING btree ("language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_category_created_id_idx" ON "courses" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_subcategory_created_id_idx" ON "courses" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_published_language_created_id_idx" ON "courses" USING btree ("is_published","language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Enrollment requests per Cairo calendar day (the dashboard's weekly chart), kept by statement-level
-- triggers with transition tables: one upsert per day and statement, in day order (a fixed lock order,
-- so two writers never deadlock on these rows). 'Africa/Cairo' is DASHBOARD_TIME_ZONE
-- (app/features/dashboard/dashboard.server.ts); changing it needs a migration that rebuilds the rows.
CREATE FUNCTION "enrollment_daily_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "enrollment_daily_counts" ("day", "n")
      SELECT ("created_at" AT TIME ZONE 'Africa/Cairo')::date, count(*) FROM "new_rows" GROUP BY 1 ORDER BY 1
      ON CONFLICT ("day") DO UPDATE SET "n" = "enrollment_daily_counts"."n" + EXCLUDED."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "enrollment_daily_counts" ("day", "n")
      SELECT ("created_at" AT TIME ZONE 'Africa/Cairo')::date, -count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
      ON CONFLICT ("day") DO UPDATE SET "n" = "enrollment_daily_counts"."n" + EXCLUDED."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "enrollment_daily_counts" ("day", "n")
      SELECT "day", sum("d") FROM (
        SELECT ("created_at" AT TIME ZONE 'Africa/Cairo')::date AS "day", 1 AS "d" FROM "new_rows"
        UNION ALL
        SELECT ("created_at" AT TIME ZONE 'Africa/Cairo')::date AS "day", -1 AS "d" FROM "old_rows"
      ) AS "changes" GROUP BY "day" HAVING sum("d") <> 0 ORDER BY "day"
      ON CONFLICT ("day") DO UPDATE SET "n" = "enrollment_daily_counts"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "enrollment_daily_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "enrollment_daily_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrollments_daily_insert" AFTER INSERT ON "enrollments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_daily_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "enrollments_daily_update" AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_daily_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "enrollments_daily_delete" AFTER DELETE ON "enrollments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_daily_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "enrollments_daily_truncate" AFTER TRUNCATE ON "enrollments"
  FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_daily_counts_reset"();--> statement-breakpoint
INSERT INTO "enrollment_daily_counts" ("day", "n")
  SELECT ("created_at" AT TIME ZONE 'Africa/Cairo')::date, count(*) FROM "enrollments" GROUP BY 1
  ON CONFLICT ("day") DO UPDATE SET "n" = EXCLUDED."n";
