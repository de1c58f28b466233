import { db } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import type { PublicSettings } from "~/lib/site-layout.ts";

/** The settings every public page shows (brand, contact details, social links), as stored. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { brand, contact, social } = await readSiteSettings(db(), ["brand", "contact", "social"]);
  return { brand: { ...brand, name: brand.name ?? {}, description: brand.description ?? {} }, contact, social };
}
