import { db } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import { DEFAULT_ENROLLED_COUNT_FROM, type Bilingual, type PublicSettings } from "~/lib/site-layout.ts";

/**
 * The course cards' enrolled-count threshold (issue 19), kept in the `about` row next to the site's other
 * shown figures (`enrolledCountFrom`; the row keeps keys its schema does not name). A missing or malformed
 * value reads as the default (10); 0 means the count is never shown.
 */
export function storedEnrolledCountFrom(about: Record<string, unknown>): number {
  const value = about.enrolledCountFrom;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : DEFAULT_ENROLLED_COUNT_FROM;
}

/** A text with something in it, else undefined: a blank setting is not set. */
function filled(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/** A bilingual text with its non-blank languages; undefined when neither has text. */
function filledText(value: Bilingual | undefined): Bilingual | undefined {
  const en = filled(value?.en);
  const ar = filled(value?.ar);
  return en || ar ? { ...(en ? { en } : {}), ...(ar ? { ar } : {}) } : undefined;
}

/**
 * The settings every public page shows (brand, contact details, social links, the cards' count threshold): only what the pages
 * show, since the root loader sends them to every visitor. The notification inbox (contact.notifyEmail)
 * and keys the form does not know stay on the server.
 * What is not set (absent or blank) is absent here, so the pages simply leave it out: a database without
 * demo content has no contact details until staff enter them (issue 33).
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { brand, contact, social, about } = await readSiteSettings(db(), ["brand", "contact", "social", "about"]);
  return {
    brand: { name: brand.name ?? {}, description: brand.description ?? {} },
    contact: {
      address: filledText(contact.address),
      phones: (contact.phones ?? []).flatMap((phone) => filled(phone) ?? []),
      email: filled(contact.email),
      chatNumber: filled(contact.chatNumber),
      chatGreeting: contact.chatGreeting,
    },
    social: {
      facebook: filled(social.facebook),
      instagram: filled(social.instagram),
      linkedin: filled(social.linkedin),
      tiktok: filled(social.tiktok),
    },
    cards: { enrolledCountFrom: storedEnrolledCountFrom(about) },
  };
}
