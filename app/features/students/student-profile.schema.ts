// The student's profile form (issue 38 item 5): the name as it should appear on a certificate in English
// (Latin letters) and in Arabic (Arabic letters), a phone (read as the enrollment form reads it: Egypt by
// default, or a full international number), the language emails come in, and email reminders on or off.
// Every field but the language may be left blank. No server imports here.
import { z } from "zod";
import { toE164 } from "~/lib/phone.ts";
import { cleanPersonName, isPersonName } from "~/lib/validation.ts";

import { PROFILE_NAME_MAX } from "./student-profile.rules.ts";

export { PROFILE_NAME_MAX };

export const PROFILE_ERRORS = {
  tooLong: "my.profile.errors.tooLong",
  nameEn: "my.profile.errors.nameEn",
  nameAr: "my.profile.errors.nameAr",
  phone: "my.profile.errors.phone",
  locale: "my.profile.errors.locale",
} as const;

const ARABIC_LETTER = /\p{Script=Arabic}/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

/** A name in one script: cleaned, blank allowed, one line of letters, with letters of that script only. */
function scriptName(script: RegExp, other: RegExp, invalid: string) {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((v): string | undefined => cleanPersonName(v ?? ""))
    .pipe(
      z
        .string()
        .max(PROFILE_NAME_MAX, { error: PROFILE_ERRORS.tooLong, abort: true })
        .refine((v) => v === "" || (isPersonName(v) && script.test(v) && !other.test(v)), { error: invalid })
        // Conform turns the blank left here into undefined before this schema sees it.
        .optional()
        .transform((v) => v ?? ""),
    );
}

export const studentProfileSchema = z.object({
  intent: z.literal("profile"),
  nameEn: scriptName(LATIN_LETTER, ARABIC_LETTER, PROFILE_ERRORS.nameEn),
  nameAr: scriptName(ARABIC_LETTER, LATIN_LETTER, PROFILE_ERRORS.nameAr),
  phone: z
    .string({ error: PROFILE_ERRORS.phone })
    .nullish()
    .transform((v): string | undefined => (v ?? "").trim())
    .pipe(
      z
        .string()
        .max(40, { error: PROFILE_ERRORS.phone, abort: true })
        .refine((v) => v === "" || toE164(v) !== null, { error: PROFILE_ERRORS.phone })
        .optional(),
    )
    .transform((v) => (v ? toE164(v) : null)),
  locale: z.enum(["en", "ar"], { error: PROFILE_ERRORS.locale }),
  // A checkbox: present ("on") when ticked, absent when not (a repeated field counts as ticked).
  reminders: z
    .preprocess((v) => v === "on" || (Array.isArray(v) && v.includes("on")), z.boolean())
    .optional()
    .transform((v) => v === true),
});

export type StudentProfileValues = z.output<typeof studentProfileSchema>;
