// Site settings for admins (D12): one form over the `brand`, `contact`, `social` and `about` rows of
// site_settings, in the JSON shapes the public site reads (settings.server.ts getPublicSettings, the
// About figures in catalog.server.ts, the cards' `about.enrolledCountFrom` in settings.server.ts, the course page's `about.seatsLeftFrom` and `about.contactWhenNoRuns` in app/lib/run-settings.ts, the mail context in app/lib/email.server.ts), and the `two_factor`
// row (Settings → Security, D28: `{ required }`, read through app/lib/site-settings.server.ts). Needs
// settings:edit; a save is one transaction with its audit line. The form carries the version it was opened
// at (the newest updated_at of those rows): a save over a colleague's newer one is refused (issue 35 item 6).
import { eq, inArray } from "drizzle-orm";
import { siteSettings } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { assertCurrentVersion } from "~/lib/edit-conflict.server.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { parseInput } from "~/lib/parse-input.ts";
import { storedHoldHours } from "~/lib/payment-settings.ts";
import { storedPaymentMethods } from "~/domain/payments/payment-methods.ts";
import { toMethodValues, toStoredMethods } from "./payment-methods.schema.ts";
import { readSiteSettings, SETTING_KEYS, TWO_FACTOR_SETTING_KEY, type SiteSettings } from "~/lib/site-settings.server.ts";
import { storedEnrolledCountFrom } from "./settings.server.ts";
import { storedContactWhenNoRuns, storedSeatsLeftFrom } from "~/lib/run-settings.ts";
import {
  SETTINGS_ERRORS,
  SETTINGS_FIELDS,
  siteSettingsSchema,
  type SiteSettingsInput,
  type SiteSettingsValues,
} from "./settings-admin.schema.ts";

/** A bilingual text with only its non-empty languages; undefined when both are empty. */
function bilingual(en: string, ar: string): { en?: string; ar?: string } | undefined {
  if (!en && !ar) return undefined;
  return { ...(en ? { en } : {}), ...(ar ? { ar } : {}) };
}

/** An empty text is stored as absent, so the public site shows nothing rather than a blank. */
function present(value: string): string | undefined {
  return value === "" ? undefined : value;
}

function readRows(executor: Executor, lock = false): Promise<SiteSettings> {
  return readSiteSettings(executor, SETTING_KEYS, { lock });
}

/** The audit lines of a settings save name this id: the version check reads who saved last from them. */
const SETTINGS_AUDIT_ID = "site";

/** The version of settings never saved (no rows yet): a real one, so a first save is checked too. */
const NEVER_SAVED = new Date(0);

/**
 * When the form's rows last changed: one form edits them all, so its version is their newest updated_at
 * (a save writes every row with one time).
 */
async function settingsUpdatedAt(executor: Executor): Promise<Date> {
  const rows = await executor
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...SETTING_KEYS]));
  return rows.reduce((newest, r) => (r.updatedAt > newest ? r.updatedAt : newest), NEVER_SAVED);
}

/** The settings form's values and the version they were read at (app/lib/edit-version.ts). */
export type SiteSettingsForm = SiteSettingsInput & { version: string };

/** The stored settings as the form's flat values (missing pieces read as empty). */
export function toFormValues(rows: SiteSettings): SiteSettingsInput {
  const { brand, contact, social, about, [TWO_FACTOR_SETTING_KEY]: twoFactor, payments } = rows;
  return {
    brandNameEn: brand.name?.en ?? "",
    brandNameAr: brand.name?.ar ?? "",
    brandDescriptionEn: brand.description?.en ?? "",
    brandDescriptionAr: brand.description?.ar ?? "",
    addressEn: contact.address?.en ?? "",
    addressAr: contact.address?.ar ?? "",
    phone1: contact.phones?.[0] ?? "",
    phone2: contact.phones?.[1] ?? "",
    email: contact.email ?? "",
    notifyEmail: contact.notifyEmail ?? "",
    chatNumber: contact.chatNumber ?? "",
    chatGreetingEn: contact.chatGreeting?.en ?? "",
    chatGreetingAr: contact.chatGreeting?.ar ?? "",
    facebook: social.facebook ?? "",
    instagram: social.instagram ?? "",
    linkedin: social.linkedin ?? "",
    tiktok: social.tiktok ?? "",
    yearsOfExperience: about.yearsOfExperience,
    partners: about.partners,
    students: about.students,
    enrolledCountFrom: storedEnrolledCountFrom(about),
    seatsLeftFrom: storedSeatsLeftFrom(about),
    contactWhenNoRuns: storedContactWhenNoRuns(about),
    holdHours: storedHoldHours(payments),
    ...toMethodValues(storedPaymentMethods(payments) as Record<string, unknown>),
    twoFactorRequired: twoFactor.required === true,
    retentionMonths: rows.privacy.retentionMonths ?? 0,
  };
}

/**
 * The rows after a save: the form's values in the public JSON shapes (and `{ required }` for two-step
 * sign-in). Keys the form does not know (added later by someone else) are kept as they were; an empty
 * value is left out (undefined is not stored).
 */
export function toStoredRows(before: SiteSettings, v: SiteSettingsInput): SiteSettings {
  return {
    brand: {
      ...before.brand,
      name: bilingual(v.brandNameEn, v.brandNameAr) ?? {},
      description: bilingual(v.brandDescriptionEn, v.brandDescriptionAr) ?? {},
    },
    contact: {
      ...before.contact,
      address: bilingual(v.addressEn, v.addressAr),
      phones: [v.phone1, v.phone2].filter(Boolean),
      email: present(v.email),
      notifyEmail: present(v.notifyEmail),
      chatNumber: present(v.chatNumber),
      chatGreeting: bilingual(v.chatGreetingEn, v.chatGreetingAr),
    },
    social: {
      ...before.social,
      facebook: present(v.facebook),
      instagram: present(v.instagram),
      linkedin: present(v.linkedin),
      tiktok: present(v.tiktok),
    },
    about: {
      ...before.about,
      yearsOfExperience: v.yearsOfExperience,
      partners: v.partners,
      students: v.students,
      enrolledCountFrom: v.enrolledCountFrom,
      seatsLeftFrom: v.seatsLeftFrom,
      contactWhenNoRuns: v.contactWhenNoRuns,
    },
    [TWO_FACTOR_SETTING_KEY]: { ...before[TWO_FACTOR_SETTING_KEY], required: v.twoFactorRequired },
    payments: { ...before.payments, holdHours: v.holdHours, methods: toStoredMethods(v) },
    privacy: { ...before.privacy, retentionMonths: v.retentionMonths },
  };
}

/** The settings form's current values, with their version. */
export async function getSiteSettingsForm(actor: Actor): Promise<SiteSettingsForm> {
  requirePermission(actor, "settings:edit");
  // The version first: a save landing between the two reads then makes the form's save refused (safe),
  // never accepted over values the form does not show.
  const version = editVersion(await settingsUpdatedAt(db()));
  return { ...toFormValues(await readRows(db())), version };
}

/**
 * Saves the whole form (400 with per-field message keys when a value is refused; nothing written). With
 * the version the form was opened at, a save over a newer one is refused (409, who and when); the answer
 * carries the new version.
 */
export async function saveSiteSettings(actor: Actor, input: SiteSettingsValues & { version?: string }): Promise<SiteSettingsForm> {
  requirePermission(actor, "settings:edit");
  const value = parseInput(siteSettingsSchema, input, SETTINGS_ERRORS.invalidRequest);
  try {
    return await db().transaction(async (tx) => {
      // Missing rows are created first (as never saved) so that the lock covers every key even on a new
      // site: two first saves at once then queue on the rows instead of both passing the check.
      await tx
        .insert(siteSettings)
        .values(SETTING_KEYS.map((key) => ({ key, value: {}, updatedAt: NEVER_SAVED })))
        .onConflictDoNothing();
      const before = await readRows(tx, true);
      const entity = { entity: "site_settings", entityId: SETTINGS_AUDIT_ID };
      await assertCurrentVersion(tx, { ...entity, updatedAt: await settingsUpdatedAt(tx) }, input.version);
      const previous = toFormValues(before);
      const rows = toStoredRows(before, value);
      const now = new Date();
      for (const key of SETTING_KEYS) {
        await tx.update(siteSettings).set({ value: rows[key], updatedAt: now }).where(eq(siteSettings.key, key));
      }
      const changed = SETTINGS_FIELDS.filter((f) => previous[f] !== value[f]);
      await recordAudit(tx, actor, {
        action: "update",
        entity: "site_settings",
        entityId: SETTINGS_AUDIT_ID,
        data: {
          changed,
          before: Object.fromEntries(changed.map((f) => [f, previous[f]])),
          after: Object.fromEntries(changed.map((f) => [f, value[f]])),
        },
      });
      return { ...value, version: editVersion(now) };
    });
  } catch (err) {
    unexpected(err, SETTINGS_ERRORS.saveFailed, "save site settings failed");
  }
}
