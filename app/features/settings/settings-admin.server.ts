// Site settings for admins (D12): one form over the `brand`, `contact`, `social` and `about` rows of
// site_settings, in the JSON shapes the public site reads (settings.server.ts getPublicSettings, the
// About figures in catalog.server.ts, the mail context in enrollments.server.ts), and the `two_factor`
// row (Settings → Security, D28: `{ required }`, read by app/lib/staff-session.server.ts). Needs
// settings:edit; a save is one transaction with its audit line.
import { inArray } from "drizzle-orm";
import { siteSettings } from "@db/schema/index.ts";
import { recordAudit } from "~/features/audit/audit.server.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { TWO_FACTOR_SETTING_KEY, type TwoFactorSetting } from "~/lib/staff-session.server.ts";
import {
  SETTINGS_ERRORS,
  SETTINGS_FIELDS,
  siteSettingsSchema,
  type SiteSettingsInput,
  type SiteSettingsValues,
} from "./settings-admin.schema.ts";

export const SETTINGS_KEYS = ["brand", "contact", "social", "about", TWO_FACTOR_SETTING_KEY] as const;
type SettingsKey = (typeof SETTINGS_KEYS)[number];
type Json = Record<string, unknown>;

function obj(value: unknown): Json {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function whole(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** A bilingual text with only its non-empty languages; undefined when both are empty. */
function bilingual(en: string, ar: string): { en?: string; ar?: string } | undefined {
  if (!en && !ar) return undefined;
  return { ...(en ? { en } : {}), ...(ar ? { ar } : {}) };
}

/** Sets or removes one key (empty → removed, so the public site shows nothing rather than a blank). */
function put(target: Json, key: string, value: unknown): void {
  if (value === undefined || value === "") delete target[key];
  else target[key] = value;
}

async function readRows(executor: Executor, lock = false): Promise<Record<SettingsKey, Json>> {
  const query = executor
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...SETTINGS_KEYS]));
  const rows = lock ? await query.for("update") : await query;
  const byKey = new Map(rows.map((r) => [r.key, obj(r.value)]));
  return {
    brand: byKey.get("brand") ?? {},
    contact: byKey.get("contact") ?? {},
    social: byKey.get("social") ?? {},
    about: byKey.get("about") ?? {},
    // An absent row reads as "not required".
    [TWO_FACTOR_SETTING_KEY]: byKey.get(TWO_FACTOR_SETTING_KEY) ?? {},
  };
}

/** The stored JSON as the form's flat values (missing pieces read as empty). */
export function toFormValues(rows: Record<SettingsKey, Json>): SiteSettingsInput {
  const { brand, contact, social, about, [TWO_FACTOR_SETTING_KEY]: twoFactor } = rows;
  const name = obj(brand.name);
  const description = obj(brand.description);
  const address = obj(contact.address);
  const greeting = obj(contact.chatGreeting);
  const phones = Array.isArray(contact.phones) ? contact.phones.map(str) : [];
  return {
    brandNameEn: str(name.en),
    brandNameAr: str(name.ar),
    brandDescriptionEn: str(description.en),
    brandDescriptionAr: str(description.ar),
    addressEn: str(address.en),
    addressAr: str(address.ar),
    phone1: phones[0] ?? "",
    phone2: phones[1] ?? "",
    email: str(contact.email),
    notifyEmail: str(contact.notifyEmail),
    chatNumber: str(contact.chatNumber),
    chatGreetingEn: str(greeting.en),
    chatGreetingAr: str(greeting.ar),
    facebook: str(social.facebook),
    instagram: str(social.instagram),
    linkedin: str(social.linkedin),
    tiktok: str(social.tiktok),
    yearsOfExperience: whole(about.yearsOfExperience),
    partners: whole(about.partners),
    students: whole(about.students),
    twoFactorRequired: twoFactor.required === true,
  };
}

/**
 * The rows after a save: the form's values in the public JSON shapes (and `{ required }` for two-step
 * sign-in). Keys the form does not know (added later by someone else) are kept as they were.
 */
export function toStoredRows(before: Record<SettingsKey, Json>, v: SiteSettingsInput): Record<SettingsKey, Json> {
  const brand: Json = { ...before.brand };
  brand.name = bilingual(v.brandNameEn, v.brandNameAr) ?? {};
  brand.description = bilingual(v.brandDescriptionEn, v.brandDescriptionAr) ?? {};

  const contact: Json = { ...before.contact };
  put(contact, "address", bilingual(v.addressEn, v.addressAr));
  contact.phones = [v.phone1, v.phone2].filter(Boolean);
  put(contact, "email", v.email);
  put(contact, "notifyEmail", v.notifyEmail);
  put(contact, "chatNumber", v.chatNumber);
  put(contact, "chatGreeting", bilingual(v.chatGreetingEn, v.chatGreetingAr));

  const social: Json = { ...before.social };
  for (const network of ["facebook", "instagram", "linkedin", "tiktok"] as const) put(social, network, v[network]);

  const about: Json = {
    ...before.about,
    yearsOfExperience: v.yearsOfExperience,
    partners: v.partners,
    students: v.students,
  };
  const twoFactor: Json = { ...before[TWO_FACTOR_SETTING_KEY], required: v.twoFactorRequired } satisfies TwoFactorSetting;
  return { brand, contact, social, about, [TWO_FACTOR_SETTING_KEY]: twoFactor };
}

/** The settings form's current values. */
export async function getSiteSettingsForm(actor: Actor): Promise<SiteSettingsInput> {
  requirePermission(actor, "settings:edit");
  return toFormValues(await readRows(db()));
}

/** Saves the whole form (400 with per-field message keys when a value is refused; nothing written). */
export async function saveSiteSettings(actor: Actor, input: SiteSettingsValues): Promise<SiteSettingsInput> {
  requirePermission(actor, "settings:edit");
  const parsed = siteSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    throw new AppError("bad_request", Object.values(fields)[0] ?? SETTINGS_ERRORS.invalidRequest, { fields });
  }
  const value = parsed.data;
  try {
    return await db().transaction(async (tx) => {
      const before = await readRows(tx, true);
      const previous = toFormValues(before);
      const rows = toStoredRows(before, value);
      const now = new Date();
      for (const key of SETTINGS_KEYS) {
        await tx
          .insert(siteSettings)
          .values({ key, value: rows[key], updatedAt: now })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value: rows[key], updatedAt: now } });
      }
      const changed = SETTINGS_FIELDS.filter((f) => previous[f] !== value[f]);
      await recordAudit(tx, actor, {
        action: "update",
        entity: "site_settings",
        entityId: null,
        data: {
          changed,
          before: Object.fromEntries(changed.map((f) => [f, previous[f]])),
          after: Object.fromEntries(changed.map((f) => [f, value[f]])),
        },
      });
      return value;
    });
  } catch (err) {
    if (isAppError(err)) throw err;
    logger.error({ err }, "save site settings failed");
    throw new AppError("internal", SETTINGS_ERRORS.saveFailed, { cause: err });
  }
}
