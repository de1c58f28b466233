// The Site settings form (D12): brand, contact details, notification address, social links, chat
// button and the About key figures, bilingual where text. Shared by the browser (instant feedback) and
// the server (the action and saveSiteSettings re-check). No server imports here. Error messages are
// locale keys ("settings.errors.*" in app/locales/<lng>/admin-settings.json).
import { z } from "zod";
import { EMAIL_PATTERN } from "~/features/enrollments/enrollment.schema.ts";

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
} as const;

export const SETTINGS_ERRORS = {
  brandNameRequired: "settings.errors.brandNameRequired",
  brandNameTooLong: "settings.errors.brandNameTooLong",
  brandDescriptionTooLong: "settings.errors.brandDescriptionTooLong",
  addressTooLong: "settings.errors.addressTooLong",
  phoneInvalid: "settings.errors.phoneInvalid",
  emailInvalid: "settings.errors.emailInvalid",
  chatNumberInvalid: "settings.errors.chatNumberInvalid",
  greetingTooLong: "settings.errors.greetingTooLong",
  facebookInvalid: "settings.errors.facebookInvalid",
  instagramInvalid: "settings.errors.instagramInvalid",
  linkedinInvalid: "settings.errors.linkedinInvalid",
  tiktokInvalid: "settings.errors.tiktokInvalid",
  figureInvalid: "settings.errors.figureInvalid",
  figureTooLarge: "settings.errors.figureTooLarge",
  invalidRequest: "settings.errors.invalidRequest",
  saveFailed: "settings.errors.saveFailed",
} as const;

/** Arabic-Indic and Persian digits (an Arabic keyboard) as ASCII digits. */
export function asciiDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** An optional trimmed text; blank → "" (stored as absent). */
function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: tooLong })
    .trim()
    .max(max, { error: tooLong, abort: true })
    .nullish()
    .transform((v) => v ?? "");
}

/** A phone as shown in the footer: '+', digits, spaces, hyphens, parentheses; 7–15 digits. Blank → "". */
export const PHONE_SHAPE = /^\+?[0-9 ()-]+$/;
const phone = z
  .string({ error: SETTINGS_ERRORS.phoneInvalid })
  .nullish()
  .transform((v) => asciiDigits(v ?? "").trim().replace(/\s+/g, " "))
  .refine(
    (v) => v === "" || (v.length <= SETTINGS_LIMITS.phone && PHONE_SHAPE.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, ""))),
    { error: SETTINGS_ERRORS.phoneInvalid },
  );

const email = z
  .string({ error: SETTINGS_ERRORS.emailInvalid })
  .trim()
  .max(SETTINGS_LIMITS.email, { error: SETTINGS_ERRORS.emailInvalid, abort: true })
  .nullish()
  .transform((v) => (v ?? "").toLowerCase())
  .refine((v) => v === "" || EMAIL_PATTERN.test(v), { error: SETTINGS_ERRORS.emailInvalid });

/** The chat (WhatsApp) number: international format, digits only once '+', '00', spaces and hyphens go. */
const chatNumber = z
  .string({ error: SETTINGS_ERRORS.chatNumberInvalid })
  .nullish()
  .transform((v) =>
    asciiDigits(v ?? "")
      .replace(/[\s()-]/g, "")
      .replace(/^(\+|00)/, ""),
  )
  .refine((v) => v === "" || /^[1-9]\d{7,14}$/.test(v), { error: SETTINGS_ERRORS.chatNumberInvalid });

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
    .nullish()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || isSocialUrl(v, SOCIAL_HOSTS[network]), { error: message });
}

const figure = z
  .number({ error: SETTINGS_ERRORS.figureInvalid })
  .int({ error: SETTINGS_ERRORS.figureInvalid })
  .min(0, { error: SETTINGS_ERRORS.figureInvalid, abort: true })
  .max(SETTINGS_LIMITS.figureMax, { error: SETTINGS_ERRORS.figureTooLarge, abort: true })
  .default(0);

export const siteSettingsSchema = z.object({
  brandNameEn: z
    .string({ error: SETTINGS_ERRORS.brandNameRequired })
    .trim()
    .min(1, { error: SETTINGS_ERRORS.brandNameRequired, abort: true })
    .max(SETTINGS_LIMITS.brandName, { error: SETTINGS_ERRORS.brandNameTooLong, abort: true }),
  brandNameAr: optionalText(SETTINGS_LIMITS.brandName, SETTINGS_ERRORS.brandNameTooLong),
  brandDescriptionEn: optionalText(SETTINGS_LIMITS.brandDescription, SETTINGS_ERRORS.brandDescriptionTooLong),
  brandDescriptionAr: optionalText(SETTINGS_LIMITS.brandDescription, SETTINGS_ERRORS.brandDescriptionTooLong),
  addressEn: optionalText(SETTINGS_LIMITS.address, SETTINGS_ERRORS.addressTooLong),
  addressAr: optionalText(SETTINGS_LIMITS.address, SETTINGS_ERRORS.addressTooLong),
  phone1: phone,
  phone2: phone,
  email,
  notifyEmail: email,
  chatNumber,
  chatGreetingEn: optionalText(SETTINGS_LIMITS.greeting, SETTINGS_ERRORS.greetingTooLong),
  chatGreetingAr: optionalText(SETTINGS_LIMITS.greeting, SETTINGS_ERRORS.greetingTooLong),
  facebook: socialUrl("facebook", SETTINGS_ERRORS.facebookInvalid),
  instagram: socialUrl("instagram", SETTINGS_ERRORS.instagramInvalid),
  linkedin: socialUrl("linkedin", SETTINGS_ERRORS.linkedinInvalid),
  tiktok: socialUrl("tiktok", SETTINGS_ERRORS.tiktokInvalid),
  yearsOfExperience: figure,
  partners: figure,
  students: figure,
});

/** What the form and saveSiteSettings accept (before parsing). */
export type SiteSettingsValues = z.input<typeof siteSettingsSchema>;
/** The parsed settings: trimmed texts ("" when empty), phones and chat number normalised. */
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;

/** The form posts this intent (anything else is refused). */
export const settingsFormSchema = siteSettingsSchema.extend({ intent: z.literal("save") });

export const SETTINGS_FIELDS = Object.keys(siteSettingsSchema.shape) as (keyof SiteSettingsInput)[];
