import { inArray } from "drizzle-orm";
import { siteSettings } from "@db/schema/index.ts";
import { db } from "~/lib/db.server.ts";

type Bilingual = { en?: string; ar?: string };

export interface PublicSettings {
  brand: { name: Bilingual; description: Bilingual };
  contact: { address?: Bilingual; phones?: string[]; email?: string; chatNumber?: string; chatGreeting?: Bilingual };
  social: { facebook?: string; instagram?: string; linkedin?: string; tiktok?: string };
}

const PUBLIC_KEYS = ["brand", "contact", "social"] as const;

/** The settings every public page shows (brand, contact details, social links). */
export async function getPublicSettings(): Promise<PublicSettings> {
  const rows = await db()
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...PUBLIC_KEYS]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return {
    brand: (byKey.get("brand") as PublicSettings["brand"] | undefined) ?? { name: {}, description: {} },
    contact: (byKey.get("contact") as PublicSettings["contact"] | undefined) ?? {},
    social: (byKey.get("social") as PublicSettings["social"] | undefined) ?? {},
  };
}
