// `npm run bench:enrollments [-- --rows=100000 --runs=50 --warmup=10 --explain --keep]`
//
// Admin Enrollments on PostgreSQL with 100 000 enrollments (issue 6 acceptance): drops and creates a
// separate database (bench_enrollments on 127.0.0.1:5432, or BENCH_DATABASE_URL), applies the
// migrations, inserts the rows with generate_series (realistic English and Arabic names, phones,
// courses, statuses and dates over two years), runs VACUUM ANALYZE, then times the REAL domain
// functions the /admin/enrollments loader calls — the first page, searches (Latin and Arabic, phone,
// enrollment id), the status filter and the counters — with warm-up runs first, and prints the median
// and p95 of each. Exit code 1 when any p95 is above 50 ms. --explain prints EXPLAIN (ANALYZE, BUFFERS)
// of every query of every case; --keep leaves the database in place afterwards.
import path from "node:path";
import pg from "pg";
import { createServer } from "vite";
import type * as EnrollmentsAdminModule from "../app/features/enrollments/enrollments-admin.server.ts";
import type * as DbModule from "../app/lib/db.server.ts";
import type { Actor } from "../app/lib/permissions.server.ts";
import type * as PermissionsModule from "../app/lib/permissions.ts";

const TARGET_MS = 50;
const ROOT = path.resolve(import.meta.dirname, "..");

function numberOption(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}
const ROWS = numberOption("rows", 100_000);
const RUNS = Math.max(1, numberOption("runs", 50));
const WARMUP = numberOption("warmup", 10);
const EXPLAIN = process.argv.includes("--explain");
const KEEP = process.argv.includes("--keep");

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_enrollments");
const dbName = decodeURIComponent(url.pathname.slice(1));
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`unexpected database name ${dbName}`);
const serverUrl = new URL(url);
serverUrl.pathname = "/postgres";
process.env.LOG_LEVEL ||= "warn";

// ---- a fresh database ---------------------------------------------------------------------------

async function onServer(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
const started = Date.now();
await onServer(`drop database if exists "${dbName}" with (force)`);
await onServer(`create database "${dbName}"`);

// Every SQL text the app sends through the pool while `recording` is set (for --explain).
let recording: { text: string; values: unknown[] }[] | undefined;
const poolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function recordingQuery(this: pg.Pool, ...args: unknown[]) {
  if (recording) {
    const [first, second] = args as [unknown, unknown];
    if (typeof first === "string") recording.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === "object" && "text" in first) {
      const q = first as { text: string; values?: unknown[] };
      // Drizzle passes the query config first and the parameters second.
      recording.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
    }
  }
  return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Pool.prototype.query;

// The app's modules use Vite features (import.meta.glob for the locale files, path aliases): load them
// through one Vite SSR module graph, as the dev server does.
const vite = await createServer({
  configFile: false,
  root: ROOT,
  logLevel: "error",
  appType: "custom",
  resolve: { alias: { "~": path.join(ROOT, "app"), "@db": path.join(ROOT, "db") } },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const load = <T>(file: string): Promise<T> => vite.ssrLoadModule(path.join(ROOT, file)) as Promise<T>;
const { openDatabase, setDatabase } = await load<typeof DbModule>("app/lib/db.server.ts");
const { ALL_PERMISSIONS } = await load<typeof PermissionsModule>("app/lib/permissions.ts");
const { listEnrollments, enrollmentCounters } = await load<typeof EnrollmentsAdminModule>(
  "app/features/enrollments/enrollments-admin.server.ts",
);

const database = await openDatabase({ url: url.toString(), poolMax: 10 });
setDatabase(database);
await database.migrate();
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });

// ---- 100 000 realistic enrollments ---------------------------------------------------------------

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}]`;
const EN_FIRST = ["Ahmed", "Mohamed", "Mahmoud", "Omar", "Youssef", "Mostafa", "Karim", "Hassan", "Ali", "Khaled", "Sara", "Mariam", "Nour", "Laila", "Yasmin", "Hana", "Salma", "Farida", "Dina", "Rana", "John", "Emma", "Lucas", "Sophie"];
const EN_LAST = ["Hassan", "Ibrahim", "Mansour", "Farouk", "Nabil", "Saleh", "Kamal", "Fathy", "Adel", "Gamal", "Taha", "Zaki", "El-Sayed", "Abdelrahman", "Smith", "Müller"];
// Arabic as people type it: with and without hamza on the alef, some with tashkeel or ta marbuta.
const AR_FIRST = ["أحمد", "محمد", "محمود", "إبراهيم", "يوسف", "مصطفى", "عمر", "علي", "خالد", "حسن", "فاطمة", "مريم", "آية", "سارة", "نورة", "هدى", "ليلى", "ياسمين", "رنا", "إسراء", "مُحَمَّد", "اسلام"];
const AR_LAST = ["عبد الرحمن", "السيد", "حسين", "الشريف", "منصور", "عثمان", "سليمان", "النجار", "الجمال", "فؤاد", "الأنصاري", "عبد الله"];
const COURSES: [string, string][] = [
  ["Digital Marketing Essentials", "en"],
  ["Python for Data Analysis", "en"],
  ["Project Management Professional (PMP) Prep", "en"],
  ["Graphic Design with Adobe Illustrator", "en"],
  ["English for Business Communication", "en"],
  ["Full-Stack Web Development", "en"],
  ["أساسيات المحاسبة المالية", "ar"],
  ["دورة اللغة العربية للمبتدئين", "ar"],
  ["إدارة الموارد البشرية", "ar"],
  ["التسويق عبر وسائل التواصل الاجتماعي", "ar"],
  ["مهارات القيادة والإدارة", "ar"],
  ["تحليل البيانات باستخدام إكسل", "ar"],
];

const seedStarted = Date.now();
await pool.query(
  `insert into courses (title, slug, language, is_published, price)
   select t.title, 'bench-course-' || t.n, t.lang, true, 500 + t.n * 100
   from unnest(${sqlArray(COURSES.map((c) => c[0]))}::text[], ${sqlArray(COURSES.map((c) => c[1]))}::text[])
     with ordinality as t(title, lang, n)`,
);
const BATCH = 20_000;
for (let from = 1; from <= ROWS; from += BATCH) {
  const to = Math.min(ROWS, from + BATCH - 1);
  // Half the students write in Arabic. Statuses: about 20% pending, 60% approved, 20% rejected.
  // Dates spread over two years, newest now; hash-like ids as the app makes them.
  await pool.query(
    `with c as (select array_agg(id order by slug) ids, array_agg(title order by slug) titles from courses),
     n as (select ${sqlArray(EN_FIRST)} ef, ${sqlArray(EN_LAST)} el, ${sqlArray(AR_FIRST)} af, ${sqlArray(AR_LAST)} al)
     insert into enrollments (enrollment_id, course_id, course_name, student_name, student_email, student_phone,
                              message, locale, status, created_at, updated_at)
     select
       'ENR-' || upper(to_hex(1700000000000 + g::bigint * 613)) || '-' || upper(substr(md5(g::text), 1, 6)),
       c.ids[1 + g % 12], c.titles[1 + g % 12],
       case when g % 2 = 0 then n.ef[1 + (g / 2) % cardinality(n.ef)] || ' ' || n.el[1 + (g / 7) % cardinality(n.el)]
            else n.af[1 + (g / 2) % cardinality(n.af)] || ' ' || n.al[1 + (g / 5) % cardinality(n.al)] end,
       lower(n.ef[1 + (g / 2) % cardinality(n.ef)]) || '.' || lower(replace(n.el[1 + (g / 7) % cardinality(n.el)], 'ü', 'ue'))
         || g || '@' || (array['gmail.com','yahoo.com','outlook.com','hotmail.com'])[1 + g % 4],
       (array['+20','+20','+20','+966','+971','+965'])[1 + g % 6] || ' ' || '1' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
       case when g % 5 = 0 then 'I prefer evening sessions, please.' when g % 7 = 0 then 'أفضّل المواعيد المسائية' end,
       case when g % 2 = 0 then 'en' else 'ar' end,
       case when g % 10 < 2 then 'pending' when g % 10 < 8 then 'approved' else 'rejected' end,
       now() - ((${ROWS} - g) * interval '631 seconds'),
       now() - ((${ROWS} - g) * interval '631 seconds') + interval '2 days'
     from generate_series(${from}, ${to}) g, c, n`,
  );
  process.stdout.write(`\rinserted ${to.toLocaleString("en")} / ${ROWS.toLocaleString("en")} enrollments`);
}
await pool.query("vacuum analyze enrollments");
await pool.query("vacuum analyze courses");
const seeded = (await pool.query<{ n: number }>("select count(*)::int n from enrollments")).rows[0]!.n;
console.log(`\nseeded ${seeded.toLocaleString("en")} enrollments in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

// ---- the cases --------------------------------------------------------------------------------

const admin: Actor = {
  id: "bench-admin",
  email: "admin@bench.example",
  name: "Bench admin",
  role: "admin",
  mustChangePassword: false,
  permissions: new Set(ALL_PERMISSIONS),
};
// Parameters taken from the data, so searches hit real rows.
const sample = (
  await pool.query<{ phone: string; enrollment_id: string; email: string }>(
    "select student_phone phone, enrollment_id, student_email email from enrollments order by created_at desc offset 4321 limit 1",
  )
).rows[0]!;
const lastPage = Math.ceil(seeded / 20);

type Result = { total?: number; rows?: unknown[]; pending?: number; capped?: boolean };
const cases: { name: string; run: () => Promise<Result> }[] = [
  { name: "first page", run: () => listEnrollments(admin, {}) },
  { name: "status filter: pending", run: () => listEnrollments(admin, { status: "pending" }) },
  { name: "status filter: rejected, page 2", run: () => listEnrollments(admin, { status: "rejected", page: 2 }) },
  { name: "search Latin name 'Mahmoud'", run: () => listEnrollments(admin, { q: "Mahmoud" }) },
  { name: "search Latin 'sara ibrahim'", run: () => listEnrollments(admin, { q: "sara ibrahim" }) },
  { name: "search Arabic 'مَحْمُود' (tashkeel)", run: () => listEnrollments(admin, { q: "مَحْمُود" }) },
  { name: "search Arabic 'ابراهيم' (alef)", run: () => listEnrollments(admin, { q: "ابراهيم" }) },
  { name: "search Arabic course 'المحاسبه'", run: () => listEnrollments(admin, { q: "المحاسبه" }) },
  { name: "search phone", run: () => listEnrollments(admin, { q: sample.phone.split(" ")[1]! }) },
  { name: "search enrollment id", run: () => listEnrollments(admin, { q: sample.enrollment_id.toLowerCase() }) },
  { name: "search email", run: () => listEnrollments(admin, { q: sample.email }) },
  { name: "search + status 'ahmed' pending", run: () => listEnrollments(admin, { q: "ahmed", status: "pending" }) },
  { name: `last page (${lastPage})`, run: () => listEnrollments(admin, { page: lastPage }) },
  { name: "counters (one query)", run: () => enrollmentCounters(admin) },
  {
    name: "page load: first page + counters",
    run: async () => {
      const [list] = await Promise.all([listEnrollments(admin, {}), enrollmentCounters(admin)]);
      return list;
    },
  },
];

function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

interface Row {
  name: string;
  median: number;
  p95: number;
  result: string;
  queries: number;
}
const results: Row[] = [];
for (const c of cases) {
  for (let i = 0; i < WARMUP; i++) await c.run();
  recording = [];
  const outcome = await c.run();
  const recorded = recording;
  recording = undefined;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await c.run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result =
    outcome.rows !== undefined
      ? `${outcome.rows.length} rows of ${outcome.total}${outcome.capped ? "+ (count stops at 1 000)" : ""}`
      : `total ${outcome.total}, pending ${outcome.pending}`;
  results.push({ name: c.name, median: percentile(times, 50), p95: percentile(times, 95), result, queries: recorded.length });
  if (EXPLAIN) {
    console.log(`\n=== ${c.name}`);
    for (const q of recorded) {
      const plan = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${q.text}`, q.values);
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"), "\n");
    }
  }
}

// ---- report -----------------------------------------------------------------------------------

const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - [...s].length));
const lpad = (s: string, n: number) => " ".repeat(Math.max(0, n - s.length)) + s;
const width = Math.max(...results.map((r) => [...r.name].length)) + 2;
console.log(
  `\nbench:enrollments — PostgreSQL ${url.host}/${dbName}, ${seeded.toLocaleString("en")} enrollments; ` +
    `${WARMUP} warm-up + ${RUNS} runs per case; target p95 ≤ ${TARGET_MS} ms\n`,
);
console.log(`${pad("case", width)}${lpad("median ms", 11)}${lpad("p95 ms", 9)}${lpad("queries", 9)}   result`);
console.log("-".repeat(width + 29 + 24));
for (const r of results) {
  const flag = r.p95 > TARGET_MS ? "  ✗ over target" : "";
  console.log(`${pad(r.name, width)}${lpad(r.median.toFixed(2), 11)}${lpad(r.p95.toFixed(2), 9)}${lpad(String(r.queries), 9)}   ${r.result}${flag}`);
}
const over = results.filter((r) => r.p95 > TARGET_MS);
console.log(
  over.length
    ? `\n${over.length} case(s) above ${TARGET_MS} ms at p95.`
    : `\nEvery case under ${TARGET_MS} ms at p95 (total time ${((Date.now() - started) / 1000).toFixed(0)} s).`,
);

await pool.end();
await database.close();
await vite.close();
if (!KEEP) await onServer(`drop database if exists "${dbName}" with (force)`);
process.exit(over.length ? 1 : 0);
