// What every email the app writes needs, whatever feature writes it: the translation function, the
// provider inbox and brand name from the site settings, and the nudge that makes the running outbox
// worker send at once. The templates themselves are in app/emails/; the outbox in outbox.server.ts.
import i18next, { type TFunction } from "i18next";
import { resources } from "~/locales/index.ts";
import type { Executor } from "./db.server.ts";
import { env } from "./env.server.ts";
import { DEFAULT_NS, pickText, type Locale } from "./i18n.ts";
import { readSiteSettings } from "./site-settings.server.ts";
import { EMAIL_PATTERN } from "./validation.ts";

let i18n: typeof i18next | undefined;

/** A translation function for server-side emails (values are not HTML-escaped: the layout escapes). */
export function emailT(locale: Locale): TFunction {
  if (!i18n) {
    i18n = i18next.createInstance();
    void i18n.init({
      resources,
      lng: locale,
      fallbackLng: "en",
      defaultNS: DEFAULT_NS,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18n.getFixedT(locale);
}

export interface MailContext {
  /**
   * Where provider notifications go: the `contact.notifyEmail` setting, else the public `contact.email`,
   * else NOTIFY_EMAIL (a new database has neither setting, so NOTIFY_EMAIL until staff set one); undefined
   * when none.
   */
  providerEmail: string | undefined;
  /** Brand name from the `brand` setting, per language, falling back to the locale's brand. */
  brandName(locale: Locale): string;
}

/** Reads the provider inbox and brand name from the site settings (inside the caller's transaction). */
export async function loadMailContext(tx: Executor): Promise<MailContext> {
  const { contact, brand } = await readSiteSettings(tx, ["contact", "brand"]);
  // The notification address set in Settings (D12), else the public contact email, else NOTIFY_EMAIL.
  const candidates = [contact.notifyEmail, contact.email].map((v) => v?.trim() ?? "");
  const providerEmail = candidates.find((v) => EMAIL_PATTERN.test(v)) ?? env().NOTIFY_EMAIL;
  return {
    providerEmail,
    brandName: (locale) => pickText(brand.name, locale) || emailT(locale)("brand"),
  };
}

/**
 * The From header when MAIL_FROM is not set (issue 36 item 10): the academy's name from Settings (its
 * English name, else the default brand) at `no-reply@` the site's own host, so a new installation's mail
 * does not arrive as "Course Academy <no-reply@localhost>". Production refuses to start without MAIL_FROM
 * when that host is local (env.server.ts).
 */
export async function defaultSender(tx: Executor, publicUrl: string): Promise<string> {
  const { brand } = await readSiteSettings(tx, ["brand"]);
  const name = (brand.name?.en?.trim() || emailT("en")("brand")).replace(/[\\"\r\n]/g, "");
  return `"${name}" <no-reply@${new URL(publicUrl).hostname}>`;
}

/** Nudges the running outbox worker to send right away; a no-op when the app is not started (tests, scripts). */
export async function wakeOutbox(): Promise<void> {
  try {
    const { appState } = await import("./app.server.ts");
    appState().worker.wake();
  } catch {
    // Not started: the worker's poll (or the next start) sends the rows.
  }
}
