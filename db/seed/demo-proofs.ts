// The demo's proofs of payment (issue 37 item 4), so Admin › Payments and the student's page show each state:
// one held seat's InstaPay screenshot waiting for review, one paid seat's proof accepted (it points at the
// seat's payment) and one held seat's proof rejected with its reason. The pictures are drawn here (a phone's
// transfer confirmation, plain shapes and Latin text) and stored privately as the upload code stores them:
// DATA_DIR/uploads/private/proofs/demo/<reference>.webp.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { enrollmentLedger, enrollments, paymentProofs } from "@db/schema/index.ts";
import { queryRows, type Tx } from "~/lib/db.server.ts";

/** A transfer confirmation as a phone shows it: the wallet's name, the amount, the reference. */
async function confirmationPicture(amountPounds: string, reference: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" viewBox="0 0 720 1280">
  <rect width="720" height="1280" fill="#f4f1fb"/>
  <rect x="0" y="0" width="720" height="180" fill="#4b2a85"/>
  <text x="360" y="115" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">InstaPay</text>
  <circle cx="360" cy="380" r="90" fill="#1f9d6b"/>
  <path d="M315 382 l32 32 l62 -70" stroke="#fff" stroke-width="22" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="360" y="560" font-family="sans-serif" font-size="40" font-weight="700" fill="#1d1b26" text-anchor="middle">Transfer successful</text>
  <text x="360" y="680" font-family="sans-serif" font-size="76" font-weight="700" fill="#1d1b26" text-anchor="middle">EGP ${amountPounds}</text>
  <text x="360" y="800" font-family="sans-serif" font-size="32" fill="#4a4658" text-anchor="middle">To: nileacademy@instapay</text>
  <text x="360" y="860" font-family="sans-serif" font-size="32" fill="#4a4658" text-anchor="middle">Reference: ${reference}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

const Row = z.object({ id: z.string(), reference: z.string(), amount: z.coerce.number(), ledger_id: z.coerce.number().nullable() });

export async function seedDemoProofs(tx: Tx, uploadsDir: string): Promise<void> {
  // Held seats (charged, nothing paid) and seats paid in full by InstaPay, in a stable order.
  const held = await queryRows(
    tx,
    sql`select e.id, e.enrollment_id as reference, l.amount_piastres as amount, null as ledger_id
        from ${enrollments} e join ${enrollmentLedger} l on l.enrollment_id = e.id and l.kind = 'charge'
        where e.status = 'approved' and e.hold_expires_at is not null order by e.enrollment_id desc limit 2`,
    Row,
  );
  const paid = await queryRows(
    tx,
    sql`select e.id, e.enrollment_id as reference, l.amount_piastres as amount, l.id as ledger_id
        from ${enrollments} e join ${enrollmentLedger} l on l.enrollment_id = e.id and l.kind = 'payment' and l.method = 'instapay'
        order by e.enrollment_id limit 1`,
    Row,
  );
  const plans = [
    held[0] && { row: held[0], status: "pending" as const, ago: "3 hours" },
    paid[0] && { row: paid[0], status: "accepted" as const, ago: "20 hours" },
    held[1] && { row: held[1], status: "rejected" as const, ago: "1 day" },
  ].filter((p): p is NonNullable<typeof p> => Boolean(p));
  for (const [i, { row, status, ago }] of plans.entries()) {
    // What an InstaPay confirmation shows: a long number.
    const reference = `IPN${String(48213097 + i * 7919)}`;
    const key = `proofs/demo/${row.reference}.webp`;
    const bytes = await confirmationPicture(String(row.amount / 100), reference);
    const file = path.join(uploadsDir, "private", key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    await tx.insert(paymentProofs).values({
      enrollmentId: row.id,
      fileKey: key,
      contentType: "image/webp",
      originalName: "instapay.webp",
      sizeBytes: bytes.length,
      amountPiastres: row.amount,
      method: "instapay",
      reference,
      status,
      rejectReason: status === "rejected" ? "No InstaPay transfer with this reference reached our account. Please check the reference." : null,
      ledgerEntryId: status === "accepted" ? row.ledger_id : null,
      reviewedAt: status === "pending" ? null : sql`now() - interval '2 hours'`,
      createdAt: sql`now() - ${ago}::interval`,
    });
  }
}
