import { db } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";

type Bilingual = { en?: string; ar?: string };

export interface PublicSettings {
  brand: { name: Bilingual; description: Bilingual };
  contact: { address?: Bilingual; phones?: string[]; email?: string; chatNumber?: string; chatGreeting?: Bilingual };
  social: { facebook?: string; instagram?: string; linkedin?: string; tiktok?: string };
}

/** The settings every public page shows (brand, contact details, social links), as stored. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { brand, contact, social } = await readSiteSettings(db(), ["brand", "contact", "social"]);
  return { brand: { ...brand, name: brand.name ?? {}, description: brand.description ?? {} }, contact, social };
}
