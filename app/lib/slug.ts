// Slugs for categories, subcategories and courses (SPEC §5: lowercase letters, digits and hyphens).
import { transliterateArabic } from "./transliterate.ts";

/** The SPEC §5 slug pattern: only lowercase Latin letters, digits and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/**
 * The SPEC rule for generating a slug from a name: lower case; characters other than letters, digits,
 * spaces and hyphens removed; spaces to hyphens; repeated hyphens collapsed. Accented Latin letters
 * lose their accents ("Café" → "cafe"); hyphens at either end are dropped. Arabic is written in Latin
 * letters first (app/lib/transliterate.ts), so an Arabic name gives a readable slug
 * ("تحليل البيانات باستخدام Excel وPower BI" → "tahlil-el-bayanat-bastkhdam-excel-wpower-bi").
 * A name left without a Latin letter (digits or symbols only, or another script) gives '' and the
 * caller falls back (asks for a slug, or builds one such as `course-<id>`).
 * With `maxLength`, the slug is cut to that length without leaving a trailing hyphen.
 */
export function slugify(name: string, maxLength?: number): string {
  let slug = transliterateArabic(name.normalize("NFKC"))
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  if (maxLength !== undefined && slug.length > maxLength) slug = slug.slice(0, maxLength).replace(/-+$/, "");
  // A slug holds a letter (checked after the cut: "0a" cut to 1 is "0", which is no slug).
  return /[a-z]/.test(slug) ? slug : "";
}
