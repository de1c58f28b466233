// Receipt numbers (issue 37 item 6): `<prefix>-<year>-<n>`, e.g. NA-2026-00042. The prefix is the
// initials of the academy's English name (Settings; "Nile Academy" → NA), the year is Cairo's at the
// payment, n counts that year's receipts from 1 without a gap. The count is one row per year taken with
// INSERT … ON CONFLICT DO UPDATE in the payment's own transaction: the row lock makes concurrent
// payments (also on two instances) wait for each other, and a payment that rolls back gives its number
// back with it, so the numbers people keep have no holes and never repeat.
import { sql } from "drizzle-orm";
import { receiptCounters } from "@db/schema/index.ts";
import { utcToCairoWallTime } from "~/lib/cairo-time.ts";
import type { Tx } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";

/** The initials of a name's words, A–Z only, 2 to 4 of them; "RC" (receipt) when there are fewer than 2. */
export function receiptPrefix(name: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => /[A-Za-z]/.exec(word)?.[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 4);
  return initials.length >= 2 ? initials : "RC";
}

/** The next receipt number, in the caller's transaction (which must write the payment that carries it). */
export async function nextReceiptNumber(tx: Tx, at: Date = new Date()): Promise<string> {
  const year = Number(utcToCairoWallTime(at).slice(0, 4));
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
    .returning({ n: receiptCounters.lastNumber });
  const { brand } = await readSiteSettings(tx, ["brand"]);
  return `${receiptPrefix(brand.name?.en ?? "")}-${year}-${String(row!.n).padStart(5, "0")}`;
}
