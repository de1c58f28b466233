import { db } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import { DEFAULT_ENROLLED_COUNT_FROM, type PublicSettings } from "~/lib/site-layout.ts";

/**
 * The course cards' enrolled-count threshold (issue 19), kept in the `about` row next to the site's other
 * shown figures (`enrolledCountFrom`; the row keeps keys its schema does not name). A missing or malformed
 * value reads as the default (10); 0 means the count is never shown.
 */
export function storedEnrolledCountFrom(about: Record<string, unknown>): number {
  const value = about.enrolledCountFrom;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : DEFAULT_ENROLLED_COUNT_FROM;
}

/**
 * The settings every public page shows (brand, contact details, social links, the cards' count threshold): only what the pages
 * show, since the root loader sends them to every visitor. The notification inbox (contact.notifyEmail)
 * and keys the form does not know stay on the server.
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { brand, contact, social, about } = await readSiteSettings(db(), ["brand", "contact", "social", "about"]);
  const { address, phones, email, chatNumber, chatGreeting } = contact;
  const { facebook, instagram, linkedin, tiktok } = social;
  return {
    brand: { name: brand.name ?? {}, description: brand.description ?? {} },
    contact: { address, phones, email, chatNumber, chatGreeting },
    social: { facebook, instagram, linkedin, tiktok },
    cards: { enrolledCountFrom: storedEnrolledCountFrom(about) },
  };
}
