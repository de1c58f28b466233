import { db } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import type { PublicSettings } from "~/lib/site-layout.ts";

/**
 * The settings every public page shows (brand, contact details, social links): only what the pages
 * show, since the root loader sends them to every visitor. The notification inbox (contact.notifyEmail)
 * and keys the form does not know stay on the server.
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { brand, contact, social } = await readSiteSettings(db(), ["brand", "contact", "social"]);
  const { address, phones, email, chatNumber, chatGreeting } = contact;
  const { facebook, instagram, linkedin, tiktok } = social;
  return {
    brand: { name: brand.name ?? {}, description: brand.description ?? {} },
    contact: { address, phones, email, chatNumber, chatGreeting },
    social: { facebook, instagram, linkedin, tiktok },
  };
}
