// The Site settings form (D12): brand, contact details, notification address, social links, chat
// button, the About key figures (bilingual where text), the course cards' enrolled-count threshold, the course page's run settings (issue 20) and Security (two-step sign-in required, D28).
// Shared by the browser (instant feedback) and the server (the action and saveSiteSettings re-check).
// No server imports here. Error messages are locale keys ("settings.errors.*" in
// app/locales/<lng>/admin-settings.json).
import { editVersion, optionalTextOrEmpty } from "~/lib/validation.schema.ts";
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { completeWebAddress, EMAIL_PATTERN } from "~/lib/validation.ts";
import { toWesternDigits, westernDigitsInput } from "~/lib/digits.ts";
import { parsePhone, type PhoneOptions, type PhoneProblem } from "~/lib/phone.ts";
import { DEFAULT_ENROLLED_COUNT_FROM } from "~/lib/site-layout.ts";
import { DEFAULT_SEATS_LEFT_FROM } from "~/lib/run-settings.ts";
import { DEFAULT_HOLD_HOURS, HOLD_HOURS_MAX } from "~/lib/payment-settings.ts";
import { checkPaymentMethods, paymentMethodFields } from "./payment-methods.schema.ts";

export const SETTINGS_LIMITS = {
  brandName: 100,
  brandDescription: 500,
  address: 300,
  phone: 30,
  email: 254,
  greeting: 300,
  url: 500,
  /** Key figures: whole numbers from 0 up to this. */
  figureMax: 10_000_000,
  /** Course cards' enrolled-count threshold (issue 19): 0 (never shown) up to this. */
  enrolledCountFromMax: 100_000,
  /** Course runs' seats-left threshold (issue 20): 0 (never shown) up to a run's largest capacity. */
  seatsLeftFromMax: 10_000,
} as const;

export const SETTINGS_ERRORS = {
  brandNameRequired: "settings.errors.brandNameRequired",
  brandNameTooLong: "settings.errors.brandNameTooLong",
  brandDescriptionTooLong: "settings.errors.brandDescriptionTooLong",
  addressTooLong: "settings.errors.addressTooLong",
  phoneInvalid: "settings.errors.phoneInvalid",
  phoneEgyptInvalid: "settings.errors.phoneEgyptInvalid",
  phoneInternationalInvalid: "settings.errors.phoneInternationalInvalid",
  emailInvalid: "settings.errors.emailInvalid",
  chatNumberInvalid: "settings.errors.chatNumberInvalid",
  greetingTooLong: "settings.errors.greetingTooLong",
  facebookInvalid: "settings.errors.facebookInvalid",
  instagramInvalid: "settings.errors.instagramInvalid",
  linkedinInvalid: "settings.errors.linkedinInvalid",
  tiktokInvalid: "settings.errors.tiktokInvalid",
  figureInvalid: "settings.errors.figureInvalid",
  figureTooLarge: "settings.errors.figureTooLarge",
  enrolledCountFromInvalid: "settings.errors.enrolledCountFromInvalid",
  enrolledCountFromTooLarge: "settings.errors.enrolledCountFromTooLarge",
  seatsLeftFromInvalid: "settings.errors.seatsLeftFromInvalid",
  seatsLeftFromTooLarge: "settings.errors.seatsLeftFromTooLarge",
  holdHoursInvalid: "settings.errors.holdHoursInvalid",
  retentionMonthsInvalid: "settings.errors.retentionMonthsInvalid",
  invalidRequest: "settings.errors.invalidRequest",
  saveFailed: "settings.errors.saveFailed",
} as const;

/** Arabic-Indic and Persian digits (an Arabic keyboard) as ASCII digits (D26; app/lib/digits.ts). */
export const asciiDigits = toWesternDigits;

/**
 * A phone number (D26, app/lib/phone.ts): typed as people write it (Egyptian with its leading 0, a
 * pasted +20… or 0020… number, any international "+" number; Arabic-Indic digits, spaces, hyphens,
 * parentheses), stored in E.164 ("+201012345678"); the site shows it grouped. Blank → "".
 * `invalid` is the field's own message for what is not a phone number at all.
 */
function phoneNumber(invalid: string, options: PhoneOptions = {}) {
  const messages: Record<PhoneProblem, string> = {
    invalid,
    egypt: SETTINGS_ERRORS.phoneEgyptInvalid,
    international: SETTINGS_ERRORS.phoneInternationalInvalid,
  };
  return z
    .string({ error: invalid })
    .max(SETTINGS_LIMITS.phone, { error: invalid, abort: true })
    .nullish()
    .transform((v, ctx) => {
      const text = (v ?? "").trim();
      if (text === "") return "";
      const parsed = parsePhone(text, options);
      if (parsed.ok) return parsed.e164;
      ctx.addIssue({ code: "custom", message: messages[parsed.problem] });
      return z.NEVER;
    });
}

const phone = phoneNumber(SETTINGS_ERRORS.phoneInvalid);

const email = z
  .string({ error: SETTINGS_ERRORS.emailInvalid })
  .trim()
  .max(SETTINGS_LIMITS.email, { error: SETTINGS_ERRORS.emailInvalid, abort: true })
  .nullish()
  .transform((v) => (v ?? "").toLowerCase())
  .refine((v) => v === "" || EMAIL_PATTERN.test(v), { error: SETTINGS_ERRORS.emailInvalid });

/**
 * The chat (WhatsApp) number, stored in E.164 like the phones. Digits without "+" and not starting with
 * 0 are an international number (the hint's "201012345678"); 010… is Egyptian.
 */
const chatNumber = phoneNumber(SETTINGS_ERRORS.chatNumberInvalid, { bareDigits: "international" });

/** Hosts each social link may point to (with any subdomain, e.g. m.facebook.com). */
export const SOCIAL_HOSTS = {
  facebook: ["facebook.com", "fb.com", "fb.me"],
  instagram: ["instagram.com", "instagr.am"],
  linkedin: ["linkedin.com", "lnkd.in"],
  tiktok: ["tiktok.com"],
} as const;

export function isSocialUrl(value: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

function socialUrl(network: keyof typeof SOCIAL_HOSTS, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(SETTINGS_LIMITS.url, { error: message, abort: true })
    // "facebook.com/nile" is completed to https://facebook.com/nile rather than refused (issue 17).
    .overwrite(completeWebAddress)
    .nullish()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || isSocialUrl(v, SOCIAL_HOSTS[network]), { error: message });
}

/** A whole number; Arabic-Indic digits typed in the field are read as 0–9 (D26). */
const figure = z
  .preprocess(
    westernDigitsInput<number>,
    z
      .number({ error: SETTINGS_ERRORS.figureInvalid })
      .int({ error: SETTINGS_ERRORS.figureInvalid })
      .min(0, { error: SETTINGS_ERRORS.figureInvalid, abort: true })
      .max(SETTINGS_LIMITS.figureMax, { error: SETTINGS_ERRORS.figureTooLarge, abort: true }),
  )
  .default(0);

/**
 * From how many approved enrollments a course card shows its count (issue 19): a whole number, 0 for
 * never; a blank field is the default (10). Arabic-Indic digits are read as 0–9 (D26).
 */
const enrolledCountFrom = z
  .preprocess(
    westernDigitsInput<number>,
    z
      .number({ error: SETTINGS_ERRORS.enrolledCountFromInvalid })
      .int({ error: SETTINGS_ERRORS.enrolledCountFromInvalid })
      .min(0, { error: SETTINGS_ERRORS.enrolledCountFromInvalid, abort: true })
      .max(SETTINGS_LIMITS.enrolledCountFromMax, { error: SETTINGS_ERRORS.enrolledCountFromTooLarge, abort: true }),
  )
  .default(DEFAULT_ENROLLED_COUNT_FROM);

/**
 * From how many seats left a run on the course page says "3 seats left" (issue 20): a whole number, 0 for
 * never; a blank field is the default (5). Arabic-Indic digits are read as 0–9 (D26).
 */
const seatsLeftFrom = z
  .preprocess(
    westernDigitsInput<number>,
    z
      .number({ error: SETTINGS_ERRORS.seatsLeftFromInvalid })
      .int({ error: SETTINGS_ERRORS.seatsLeftFromInvalid })
      .min(0, { error: SETTINGS_ERRORS.seatsLeftFromInvalid, abort: true })
      .max(SETTINGS_LIMITS.seatsLeftFromMax, { error: SETTINGS_ERRORS.seatsLeftFromTooLarge, abort: true }),
  )
  .default(DEFAULT_SEATS_LEFT_FROM);

/**
 * How many hours an approved, priced request holds its seat for payment (issue 37 item 2): 1 to two weeks;
 * a blank field is the default (48). Arabic-Indic digits are read as 0–9 (D26).
 */
const holdHours = z
  .preprocess(
    westernDigitsInput<number>,
    z
      .number({ error: SETTINGS_ERRORS.holdHoursInvalid })
      .int({ error: SETTINGS_ERRORS.holdHoursInvalid })
      .min(1, { error: SETTINGS_ERRORS.holdHoursInvalid, abort: true })
      .max(HOLD_HOURS_MAX, { error: SETTINGS_ERRORS.holdHoursInvalid, abort: true }),
  )
  .default(DEFAULT_HOLD_HOURS);

/**
 * After how many months requests never confirmed and contact messages lose their personal data (issue 38
 * item 6): 0 (or blank) keeps them; at most ten years. Arabic-Indic digits are read as 0–9 (D26).
 */
const retentionMonths = z
  .preprocess(
    westernDigitsInput<number>,
    z
      .number({ error: SETTINGS_ERRORS.retentionMonthsInvalid })
      .int({ error: SETTINGS_ERRORS.retentionMonthsInvalid })
      .min(0, { error: SETTINGS_ERRORS.retentionMonthsInvalid, abort: true })
      .max(120, { error: SETTINGS_ERRORS.retentionMonthsInvalid, abort: true }),
  )
  .default(0);

export const siteSettingsSchema = z.object({
  brandNameEn: z
    .string({ error: SETTINGS_ERRORS.brandNameRequired })
    .trim()
    .min(1, { error: SETTINGS_ERRORS.brandNameRequired, abort: true })
    .max(SETTINGS_LIMITS.brandName, { error: SETTINGS_ERRORS.brandNameTooLong, abort: true }),
  brandNameAr: optionalTextOrEmpty(SETTINGS_LIMITS.brandName, SETTINGS_ERRORS.brandNameTooLong),
  brandDescriptionEn: optionalTextOrEmpty(SETTINGS_LIMITS.brandDescription, SETTINGS_ERRORS.brandDescriptionTooLong),
  brandDescriptionAr: optionalTextOrEmpty(SETTINGS_LIMITS.brandDescription, SETTINGS_ERRORS.brandDescriptionTooLong),
  addressEn: optionalTextOrEmpty(SETTINGS_LIMITS.address, SETTINGS_ERRORS.addressTooLong),
  addressAr: optionalTextOrEmpty(SETTINGS_LIMITS.address, SETTINGS_ERRORS.addressTooLong),
  phone1: phone,
  phone2: phone,
  email,
  notifyEmail: email,
  chatNumber,
  chatGreetingEn: optionalTextOrEmpty(SETTINGS_LIMITS.greeting, SETTINGS_ERRORS.greetingTooLong),
  chatGreetingAr: optionalTextOrEmpty(SETTINGS_LIMITS.greeting, SETTINGS_ERRORS.greetingTooLong),
  facebook: socialUrl("facebook", SETTINGS_ERRORS.facebookInvalid),
  instagram: socialUrl("instagram", SETTINGS_ERRORS.instagramInvalid),
  linkedin: socialUrl("linkedin", SETTINGS_ERRORS.linkedinInvalid),
  tiktok: socialUrl("tiktok", SETTINGS_ERRORS.tiktokInvalid),
  yearsOfExperience: figure,
  partners: figure,
  students: figure,
  enrolledCountFrom,
  seatsLeftFrom,
  /** A course without upcoming runs says "Contact us for the next start date" (issue 20). Unticked posts nothing. */
  holdHours,
  /** Settings → Payments: the manual methods and their details (issue 37 item 4). */
  ...paymentMethodFields,
  contactWhenNoRuns: z.boolean({ error: SETTINGS_ERRORS.invalidRequest }).default(false),
  /** Settings → Security (D28): every staff member needs a second factor. An unticked box posts nothing. */
  twoFactorRequired: z.boolean({ error: SETTINGS_ERRORS.invalidRequest }).default(false),
  retentionMonths,
}).superRefine(checkPaymentMethods);

/** What the form and saveSiteSettings accept (before parsing). */
export type SiteSettingsValues = z.input<typeof siteSettingsSchema>;
/** The parsed settings: trimmed texts ("" when empty), phones and chat number normalised. */
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;

/** The form posts this intent (anything else is refused) and the version it was opened at (app/lib/edit-version.ts). */
export const settingsFormSchema = siteSettingsSchema.extend({ intent: z.literal("save"), version: editVersion });

/** What the /admin/settings action answers (one intent): after a save, the version the form now stands on. */
export type SettingsReply = AdminReply<"save", { version: string }>;

export const SETTINGS_FIELDS = Object.keys(siteSettingsSchema.shape) as (keyof SiteSettingsInput)[];
