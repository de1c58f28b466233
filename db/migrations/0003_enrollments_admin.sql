CREATE TABLE "enrollment_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "enrollments_created_idx";--> statement-breakpoint
DROP INDEX "enrollments_status_created_idx";--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(translate(regexp_replace(lower(normalize("enrollments"."student_name" || chr(31) || "enrollments"."student_email" || chr(31) || "enrollments"."student_phone" || chr(31) || replace("enrollments"."student_phone", ' ', '') || chr(31) || "enrollments"."enrollment_id" || chr(31) || "enrollments"."course_name", NFKC)), '[\u064B-\u065F\u0670\u06D6-\u06ED\u0640\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]', '', 'g'), 'أإآٱىةؤئ', 'اااايهوي'), '[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'), ' ')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "enrollments_created_id_idx" ON "enrollments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_status_created_id_idx" ON "enrollments" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_search_text_trgm_idx" ON "enrollments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Enrollments per status (admin counters, issue 6), kept by statement-level triggers with transition
-- tables: one upsert per status and statement, in status order (a fixed lock order, so two writers never
-- deadlock on these rows). TRUNCATE empties the counts with the table.
CREATE FUNCTION "enrollment_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "enrollment_status_counts" ("status", "n")
      SELECT "status", count(*) FROM "new_rows" GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "n" = "enrollment_status_counts"."n" + EXCLUDED."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "enrollment_status_counts" ("status", "n")
      SELECT "status", -count(*) FROM "old_rows" GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "n" = "enrollment_status_counts"."n" + EXCLUDED."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "enrollment_status_counts" ("status", "n")
      SELECT "status", sum("d") FROM (
        SELECT "status", 1 AS "d" FROM "new_rows"
        UNION ALL
        SELECT "status", -1 AS "d" FROM "old_rows"
      ) AS "changes" GROUP BY "status" HAVING sum("d") <> 0 ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "n" = "enrollment_status_counts"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "enrollment_status_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "enrollment_status_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrollments_counts_insert" AFTER INSERT ON "enrollments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_status_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "enrollments_counts_update" AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_status_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "enrollments_counts_delete" AFTER DELETE ON "enrollments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_status_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "enrollments_counts_truncate" AFTER TRUNCATE ON "enrollments"
  FOR EACH STATEMENT EXECUTE FUNCTION "enrollment_status_counts_reset"();--> statement-breakpoint
INSERT INTO "enrollment_status_counts" ("status", "n")
  SELECT "status", count(*) FROM "enrollments" GROUP BY "status"
  ON CONFLICT ("status") DO UPDATE SET "n" = EXCLUDED."n";
