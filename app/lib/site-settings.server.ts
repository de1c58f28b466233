// Site settings (D12): one row per key in site_settings, a JSON value (bilingual texts hold {en, ar}).
// Every read parses the value with its key's schema, so callers get typed values: a missing row, or a
// piece of the wrong type, reads as absent (a figure as 0), never as a value of another type. Keys these
// schemas do not name are kept (loose objects), so a save that merges into the stored value keeps them.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "@db/schema/index.ts";
import { db, type Executor } from "./db.server.ts";
import { runPageSettings, type RunPageSettings } from "./run-settings.ts";

/** Settings → Security: `{ required: true }` makes two-step sign-in compulsory for every staff member. */
export const TWO_FACTOR_SETTING_KEY = "two_factor";

/** A whole, positive figure (the About page's numbers); anything else reads as 0. */
export function wholeFigure(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

const text = z.string().optional().catch(undefined);
const bilingual = z.object({ en: text, ar: text }).optional().catch(undefined);
const figure = z.unknown().optional().transform(wholeFigure);
// A non-object value (or no row) reads as an empty object (`catch`).
const SETTING_SCHEMAS = {
  brand: z.looseObject({ name: bilingual, description: bilingual }).catch({}),
  contact: z
    .looseObject({
      address: bilingual,
      /** D26: E.164. */
      phones: z.array(z.string().catch("")).optional().catch(undefined),
      /** The public contact address. */
      email: text,
      /** Where provider notifications go when set (D12); never shown on the public site. */
      notifyEmail: text,
      chatNumber: text,
      chatGreeting: bilingual,
    })
    .catch({}),
  social: z.looseObject({ facebook: text, instagram: text, linkedin: text, tiktok: text }).catch({}),
  about: z.looseObject({ yearsOfExperience: figure, partners: figure, students: figure }).catch({ yearsOfExperience: 0, partners: 0, students: 0 }),
  [TWO_FACTOR_SETTING_KEY]: z.looseObject({ required: z.boolean().optional().catch(undefined) }).catch({}),
  /** Issue 37: `holdHours` (read through storedHoldHours, app/lib/payment-settings.ts). */
  payments: z.looseObject({}).catch({}),
  /** Issue 38 item 6: `retentionMonths` (0 or absent: kept), read through storedRetentionMonths. */
  privacy: z.looseObject({ retentionMonths: z.number().int().min(0).max(120).optional().catch(undefined) }).catch({}),
};

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export const SETTING_KEYS: readonly SettingKey[] = ["brand", "contact", "social", "about", TWO_FACTOR_SETTING_KEY, "payments", "privacy"];
export type SiteSettings = { [K in SettingKey]: z.output<(typeof SETTING_SCHEMAS)[K]> };
export type TwoFactorSetting = SiteSettings[typeof TWO_FACTOR_SETTING_KEY];

/**
 * The settings named by `keys`, parsed (`lock`: FOR UPDATE, inside the caller's transaction). One query.
 * Only the keys asked for are read; the result's type names only those.
 */
export async function readSiteSettings<const K extends SettingKey>(
  executor: Executor,
  keys: readonly K[],
  options: { lock?: boolean } = {},
): Promise<Pick<SiteSettings, K>> {
  const query = executor
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  const rows = options.lock ? await query.for("update") : await query;
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  // Keys not asked for parse from nothing (their defaults); the return type hides them.
  const settings: SiteSettings = {
    brand: SETTING_SCHEMAS.brand.parse(byKey.get("brand")),
    contact: SETTING_SCHEMAS.contact.parse(byKey.get("contact")),
    social: SETTING_SCHEMAS.social.parse(byKey.get("social")),
    about: SETTING_SCHEMAS.about.parse(byKey.get("about")),
    [TWO_FACTOR_SETTING_KEY]: SETTING_SCHEMAS[TWO_FACTOR_SETTING_KEY].parse(byKey.get(TWO_FACTOR_SETTING_KEY)),
    payments: SETTING_SCHEMAS.payments.parse(byKey.get("payments")),
    privacy: SETTING_SCHEMAS.privacy.parse(byKey.get("privacy")),
  };
  return settings;
}

/** Whether an admin made two-step sign-in compulsory (an absent row reads as "not required"). */
export async function isTwoFactorRequired(executor: Executor = db()): Promise<boolean> {
  const settings = await readSiteSettings(executor, [TWO_FACTOR_SETTING_KEY]);
  return settings[TWO_FACTOR_SETTING_KEY].required === true;
}

/** The course page's run settings (issue 20): the seats-left threshold and the "contact us" line. */
export async function readRunPageSettings(executor: Executor = db()): Promise<RunPageSettings> {
  const { about } = await readSiteSettings(executor, ["about"]);
  return runPageSettings(about);
}
