// `npx tsx bench/seed-payments.ts [--force]`: adds money (issue 37) to the scale database `npm run seed:scale`
// filled, so `npm run bench:scale` measures Admin › Payments at scale: 100 000 payments and ~5 000 refunds
// spread over the last two years (methods mixed, receipt numbers on payments, about a third recorded by the
// system as Paymob), and 2 000 proofs of payment waiting for review. Rows are made by PostgreSQL (INSERT …
// SELECT), never row by row from Node. Ends with VACUUM ANALYZE.
//
// A database that already has payments is left alone unless --force is given (the ledger refuses DELETE,
// so --force truncates it). DATABASE_URL overrides the default postgres://postgres@127.0.0.1:5432/course_scale.
import pg from "pg";

const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/course_scale";
const FORCE = process.argv.includes("--force");
const client = new pg.Client({ connectionString: url });
await client.connect();

async function step(name: string, text: string): Promise<void> {
  const t0 = performance.now();
  const res = await client.query(text);
  console.log(`${name.padEnd(40)}${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s${res.rowCount ? `  (${res.rowCount} rows)` : ""}`);
}

const { rows } = await client.query<{ enrollments: number; payments: number }>(
  "select (select count(*) from enrollments)::int as enrollments, (select count(*) from enrollment_ledger where kind = 'payment')::int as payments",
);
if (!rows[0] || rows[0].enrollments < 100_000) {
  console.error("Fewer than 100 000 enrollments: run `npm run seed:scale` first.");
  process.exit(1);
}
if (rows[0].payments > 0 && !FORCE) {
  console.log(`${rows[0].payments} payments already; --force to make them again.`);
  process.exit(0);
}
if (FORCE) await step("truncate ledger and proofs", "truncate payment_proofs, online_payments, enrollment_ledger, receipt_counters");

// 100 000 enrollments, every 10th of the newest 1 000 000: a payment each, over two years.
await step(
  "payments",
  `insert into enrollment_ledger (enrollment_id, kind, amount_piastres, method, reference, receipt_number, actor_id, idempotency_key, created_at)
   select id, 'payment', (500 + (n % 40) * 125) * 100,
     (array['instapay','wallet','bank','cash','paymob'])[1 + n % 5],
     'REF-' || n, 'NA-SCALE-' || lpad(n::text, 7, '0'),
     case when n % 5 = 4 then null else 'scale-staff-1' end, 'scale:payment:' || n,
     now() - ((n * 7919) % (730 * 24 * 60)) * interval '1 minute'
   from (select id, row_number() over (order by created_at desc, id) as n from enrollments) e
   where n % 10 = 0 and n <= 1000000`,
);
await step(
  "refunds",
  `insert into enrollment_ledger (enrollment_id, kind, amount_piastres, method, reason, actor_id, created_at)
   select enrollment_id, 'refund', amount_piastres / 2, method, 'Scale refund', 'scale-staff-1', created_at + interval '3 days'
   from enrollment_ledger where kind = 'payment' and id % 20 = 0`,
);
await step(
  "proofs waiting",
  `insert into payment_proofs (enrollment_id, file_key, content_type, size_bytes, amount_piastres, method, reference, created_at)
   select id, 'proofs/scale/' || id || '.webp', 'image/webp', 120000, 150000, 'instapay', 'IPN-' || substr(id::text, 1, 8), now() - (row_number() over ()) * interval '3 minutes'
   from (select id from enrollments order by created_at desc, id offset 7 limit 2000) e`,
);
await step("vacuum analyze", "vacuum analyze enrollment_ledger, payment_proofs");
await client.end();
