-- D26: phone numbers are stored in E.164 ("+20" and the number without its trunk 0). Data only, written
-- by hand: the Egyptian numbers already stored are converted where that is unambiguous, anything else is
-- left as it is (the site shows such a number unchanged). The same on PostgreSQL and PGlite.
-- An Egyptian number is: a mobile number (1[0125] + 8 digits) or a landline (2 + 8, 3 + 7, 1[35] + 7 or
-- [4-9] + 8 digits), after "+20" or "0020" (a 0 typed after the country code is dropped), or a mobile
-- number 01[0125]… of 11 digits with no country code. Spaces, hyphens and parentheses are ignored,
-- Arabic-Indic digits read as 0-9. The helper function lives only for this migration.
CREATE FUNCTION "phone_e164_0008"("phone" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "d" ~ '^(\+|00)200?(1[0125][0-9]{8}|2[0-9]{8}|3[0-9]{7}|1[35][0-9]{7}|[4-9][0-9]{8})$'
      THEN '+20' || regexp_replace("d", '^(\+|00)200?', '')
    WHEN "d" ~ '^01[0125][0-9]{8}$'
      THEN '+20' || substr("d", 2)
    ELSE "phone"
  END
  FROM (
    SELECT regexp_replace(translate("phone", '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[[:space:]()-]', '', 'g') AS "d"
  ) AS "compact"
$$;--> statement-breakpoint
UPDATE "enrollments" SET "student_phone" = "phone_e164_0008"("student_phone")
  WHERE "phone_e164_0008"("student_phone") <> "student_phone";--> statement-breakpoint
-- The site's phone numbers (footer, contact page), a JSON list in the "contact" setting.
UPDATE "site_settings" SET "value" = jsonb_set("value", '{phones}', (
    SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof("p"."item") = 'string' THEN to_jsonb("phone_e164_0008"("p"."item" #>> '{}')) ELSE "p"."item" END ORDER BY "p"."n"), '[]'::jsonb)
    FROM jsonb_array_elements("value" -> 'phones') WITH ORDINALITY AS "p"("item", "n")
  ))
  WHERE "key" = 'contact' AND jsonb_typeof("value" -> 'phones') = 'array';--> statement-breakpoint
-- The chat (WhatsApp) number was stored as international digits without "+" (the form required it), so
-- "+" in front is its E.164 form, whatever the country.
UPDATE "site_settings" SET "value" = jsonb_set("value", '{chatNumber}', to_jsonb('+' || ("value" ->> 'chatNumber')))
  WHERE "key" = 'contact' AND jsonb_typeof("value" -> 'chatNumber') = 'string' AND ("value" ->> 'chatNumber') ~ '^[1-9][0-9]{7,14}$';--> statement-breakpoint
DROP FUNCTION "phone_e164_0008"(text);
