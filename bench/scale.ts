// `npm run bench:scale [-- --runs=30 --warmup=5 --only=<regex> --explain --plans=<regex>]`: p50/p95 of
// every admin list, filter, search and counter and of the public catalogue's queries, on the PostgreSQL
// database that `npm run seed:scale` fills (10 000 courses, 1 000 000 enrollments) and
// `npx tsx bench/seed-runs.ts` gives runs (30 000; issue 20: the "runs" cases are skipped without them),
// `npx tsx bench/seed-payments.ts` money (100 000 payments; issue 37: the "payments" cases likewise). Each case calls the REAL domain
// function (the permission gate included), the way the route's loader does, over the real connection
// pool — so a figure is the database work of one page load as the app sees it, without rendering.
//
// Target: p95 ≤ 50 ms for every case; the exit code is 1 when any case is above. With --explain, the
// SQL of every case above its target is run again under EXPLAIN (ANALYZE, BUFFERS) and printed. With
// --plans=<regex>, every matching case's plans are printed whatever its time, and a sequential scan of a
// large table (courses, course_runs, enrollments) in them is reported (and fails the run).
// DATABASE_URL overrides the default postgres://postgres@127.0.0.1:5432/course_scale.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createServer } from "vite";
import type * as DbModule from "../app/lib/db.server.ts";
import type * as PermissionsModule from "../app/lib/permissions.ts";
import type * as CoursesAdmin from "../app/features/courses/courses-admin.server.ts";
import type * as Categories from "../app/features/categories/categories.server.ts";
import type * as Instructors from "../app/features/instructors/instructors.server.ts";
import type * as Users from "../app/features/users/users.server.ts";
import type * as AuditLog from "../app/features/audit/audit-log.server.ts";
import type * as Dashboard from "../app/features/dashboard/dashboard.server.ts";
import type * as Catalog from "../app/features/catalog/catalog.server.ts";
import type * as CourseRunsPage from "../app/features/catalog/course-runs-page.server.ts";
import type * as Settings from "../app/features/settings/settings.server.ts";
import type * as EnrollmentsAdmin from "../app/features/enrollments/enrollments-admin.server.ts";
import type * as Messages from "../app/features/messages/messages.server.ts";
import type * as EmailLog from "../app/features/emails/email-log.server.ts";
import type * as CourseRuns from "../app/domain/runs/run-seats.server.ts";
import type * as Home from "../app/features/home/home.server.ts";
import type * as Portal from "../app/features/instructor-accounts/portal.server.ts";
import type * as PaymentsList from "../app/features/payments/payments-list.server.ts";
import type * as Proofs from "../app/domain/payments/proofs.server.ts";
import type { Actor } from "../app/lib/permissions.server.ts";
import { seqScannedTables } from "./plans.ts";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/course_scale";
const TARGET_MS = 50;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}
const RUNS = Math.max(1, option("runs", 30));
const WARMUP = option("warmup", 5);
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
const ONLY = onlyArg ? new RegExp(onlyArg.slice("--only=".length), "i") : undefined;
const EXPLAIN = process.argv.includes("--explain");
const plansArg = process.argv.find((a) => a.startsWith("--plans="));
const PLANS = plansArg ? new RegExp(plansArg.slice("--plans=".length), "i") : undefined;

// The app reads DATABASE_URL through its env module: set it before any app module loads.
process.env.DATABASE_URL ||= DEFAULT_URL;
process.env.LOG_LEVEL ||= "warn";
const url = process.env.DATABASE_URL;

// Records the SQL a case sends (for --explain), at the pool the app's Drizzle instance uses.
interface Recorded {
  text: string;
  values: unknown[];
}
let recording: Recorded[] | undefined;
const originalQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function patchedQuery(this: pg.Pool, ...args: unknown[]) {
  if (recording) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === "string") recording.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === "object") recording.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Pool.prototype.query;

// The app's modules use Vite features (import.meta.glob for the locale files, path aliases), so they load
// through one Vite SSR module graph, as in the dev server: one instance of each module, shared by all.
const ROOT = path.resolve(import.meta.dirname, "..");
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
/** A module another issue adds; the bench covers it once it exists. */
const optional = <T>(file: string): Promise<T | undefined> =>
  fs.existsSync(path.join(ROOT, file)) ? load<T>(file) : Promise.resolve(undefined);

const { openDatabase, setDatabase, db } = await load<typeof DbModule>("app/lib/db.server.ts");
const { ALL_PERMISSIONS } = await load<typeof PermissionsModule>("app/lib/permissions.ts");
const { listAdminCourses, getCourseFormOptions } = await load<typeof CoursesAdmin>(
  "app/features/courses/courses-admin.server.ts",
);
const { listCategories, listSubcategories } = await load<typeof Categories>(
  "app/features/categories/categories.server.ts",
);
const { listInstructorsForAdmin } = await load<typeof Instructors>(
  "app/features/instructors/instructors.server.ts",
);
const { listStaffUsers } = await load<typeof Users>("app/features/users/users.server.ts");
const { listAuditLog } = await load<typeof AuditLog>("app/features/audit/audit-log.server.ts");
const dashboardModule = await load<typeof Dashboard>("app/features/dashboard/dashboard.server.ts");
const { getDashboard } = dashboardModule;
const catalog = await load<typeof Catalog>("app/features/catalog/catalog.server.ts");
const { listSitemapCourses } = await load<typeof CourseRunsPage>("app/features/catalog/course-runs-page.server.ts");
const { getPublicSettings } = await load<typeof Settings>(
  "app/features/settings/settings.server.ts",
);
const enrollmentsAdmin = await optional<typeof EnrollmentsAdmin>("app/features/enrollments/enrollments-admin.server.ts");
const messages = await optional<typeof Messages>("app/features/messages/messages.server.ts");
const emailLog = await optional<typeof EmailLog>("app/features/emails/email-log.server.ts");
const courseRunsLib = await optional<typeof CourseRuns>("app/domain/runs/run-seats.server.ts");
const home = await optional<typeof Home>("app/features/home/home.server.ts");
const portal = await optional<typeof Portal>("app/features/instructor-accounts/portal.server.ts");
const paymentsList = await optional<typeof PaymentsList>("app/features/payments/payments-list.server.ts");
const proofs = await optional<typeof Proofs>("app/domain/payments/proofs.server.ts");

const database = await openDatabase({ url, poolMax: 10 });
setDatabase(database);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

const [sizes] = await rows<{ courses: number; enrollments: number; runs: number }>(
  sql`select (select count(*) from courses)::int as courses, (select count(*) from enrollments)::int as enrollments,
      (select count(*) from course_runs)::int as runs`,
);
if (!sizes || sizes.courses === 0) {
  console.error(`No courses in ${url.replace(/:[^:@/]*@/, "@")}: run \`npm run seed:scale\` first.`);
  process.exit(1);
}

const admin: Actor = {
  id: "scale-staff-1",
  email: "staff1@academy.example.com",
  name: "Staff 1",
  role: "admin",
  mustChangePassword: false,
  permissions: new Set(ALL_PERMISSIONS),
};
// A manager without courses:publish sees published courses only (another WHERE clause).
const manager: Actor = { ...admin, id: "scale-staff-9", role: "instructor_course_manager", permissions: new Set(["courses:view"] as const) };

// Parameters taken from the data, so the cases hit real rows.
const [busiestCategory] = await rows<{ id: string; slug: string }>(
  sql`select c.id, c.slug from categories c join courses co on co.category_id = c.id group by c.id order by count(*) desc limit 1`,
);
const [someSub] = await rows<{ slug: string }>(sql`select slug from subcategories where is_active order by sort_order, slug limit 1`);
const [popular] = await rows<{ slug: string }>(
  sql`select c.slug from courses c join enrollments e on e.course_id = c.id where c.is_published group by c.id order by count(*) desc limit 1`,
);
const [student] = await rows<{ email: string; enrollmentId: string; phone: string }>(
  sql`select student_email as email, enrollment_id as "enrollmentId", student_phone as phone from enrollments order by created_at desc limit 1 offset 5000`,
);
const adminCoursePages = Math.max(1, Math.ceil(sizes.courses / 20));

interface Case {
  group: string;
  name: string;
  run: () => Promise<unknown>;
  /** Another target than TARGET_MS, with the reason printed under the table. */
  target?: { ms: number; why: string };
}

const cases: Case[] = [
  // Admin courses (the page also loads the form options).
  { group: "admin courses", name: "first page (all, newest)", run: () => listAdminCourses(admin, {}) },
  { group: "admin courses", name: "published", run: () => listAdminCourses(admin, { status: "published" }) },
  { group: "admin courses", name: "drafts", run: () => listAdminCourses(admin, { status: "draft" }) },
  { group: "admin courses", name: "category", run: () => listAdminCourses(admin, { categoryId: busiestCategory?.id }) },
  { group: "admin courses", name: "language ar", run: () => listAdminCourses(admin, { language: "ar" }) },
  { group: "admin courses", name: "drafts + category + en", run: () => listAdminCourses(admin, { status: "draft", categoryId: busiestCategory?.id, language: "en" }) },
  { group: "admin courses", name: "sort title a-z", run: () => listAdminCourses(admin, { sort: "title_asc" }) },
  { group: "admin courses", name: "sort price high-low", run: () => listAdminCourses(admin, { sort: "price_desc" }) },
  { group: "admin courses", name: "sort oldest", run: () => listAdminCourses(admin, { sort: "created_asc" }) },
  { group: "admin courses", name: `late page (${adminCoursePages - 1})`, run: () => listAdminCourses(admin, { page: adminCoursePages - 1 }) },
  { group: "admin courses", name: "manager (published only)", run: () => listAdminCourses(manager, {}) },
  { group: "admin courses", name: "form options", run: () => getCourseFormOptions(admin) },
  // Other admin lists.
  { group: "admin", name: "categories", run: () => listCategories(admin) },
  { group: "admin", name: "subcategories", run: () => listSubcategories(admin) },
  { group: "admin", name: "instructors", run: () => listInstructorsForAdmin(admin) },
  { group: "admin", name: "users", run: () => listStaffUsers(admin) },
  { group: "admin", name: "audit log first page", run: () => listAuditLog(admin, {}) },
  { group: "admin", name: "audit log by entity", run: () => listAuditLog(admin, { entity: "course" }) },
  { group: "admin", name: "audit log late page", run: () => listAuditLog(admin, { page: 2000 }) },
  { group: "admin", name: "dashboard counters + chart", run: () => getDashboard(admin) },
  // Public catalogue: what a page's loaders ask the database (root: settings + menu; page: its query).
  { group: "public", name: "layout (settings + menu)", run: () => Promise.all([getPublicSettings(), catalog.getNavCategories()]) },
  { group: "public", name: "/courses first page", run: () => catalog.listPublishedCourses({}) },
  { group: "public", name: "/courses page 50", run: () => catalog.listPublishedCourses({ page: 50 }) },
  { group: "public", name: "/english-courses", run: () => catalog.listPublishedCourses({ language: "en" }) },
  { group: "public", name: "/arabic-courses", run: () => catalog.listPublishedCourses({ language: "ar" }) },
  { group: "public", name: "by category", run: () => catalog.listPublishedCourses({ category: busiestCategory?.slug }) },
  { group: "public", name: "by subcategory", run: () => catalog.listPublishedCourses({ subcategory: someSub?.slug }) },
  { group: "public", name: "search Latin 'python'", run: () => catalog.listPublishedCourses({ q: "python" }) },
  { group: "public", name: "search Latin 'management'", run: () => catalog.listPublishedCourses({ q: "management" }) },
  { group: "public", name: "search Arabic 'الإدارة'", run: () => catalog.listPublishedCourses({ q: "الإدارة" }) },
  { group: "public", name: "search Arabic folded 'اداره'", run: () => catalog.listPublishedCourses({ q: "اداره" }) },
  { group: "public", name: "search, no match", run: () => catalog.listPublishedCourses({ q: "zzzxq" }) },
  { group: "public", name: "course page by slug", run: () => catalog.getPublishedCourse(popular?.slug ?? "") },
  { group: "public", name: "about (figures + instructors)", run: () => Promise.all([catalog.getAboutFigures(), catalog.listPublicInstructors()]) },
  {
    group: "public",
    name: "sitemap entries (all courses, latest run change)",
    run: () => listSitemapCourses(),
    target: { ms: 150, why: "sitemap.xml lists every published course (7 000 here) for crawlers, not for people; CDN-cached" },
  },
];

if (enrollmentsAdmin) {
  const { listEnrollments, enrollmentCounters } = enrollmentsAdmin;
  const lastPage = Math.ceil(sizes.enrollments / 20);
  cases.push(
    { group: "admin enrollments", name: "first page", run: () => listEnrollments(admin, {}) },
    { group: "admin enrollments", name: "pending", run: () => listEnrollments(admin, { status: "pending" }) },
    { group: "admin enrollments", name: "approved", run: () => listEnrollments(admin, { status: "approved" }) },
    { group: "admin enrollments", name: "page 100", run: () => listEnrollments(admin, { page: 100 }) },
    { group: "admin enrollments", name: `last page (${lastPage})`, run: () => listEnrollments(admin, { page: lastPage }) },
    { group: "admin enrollments", name: "search name 'mohamed'", run: () => listEnrollments(admin, { q: "mohamed" }) },
    { group: "admin enrollments", name: "search Arabic 'محمد'", run: () => listEnrollments(admin, { q: "محمد" }) },
    { group: "admin enrollments", name: "search exact email", run: () => listEnrollments(admin, { q: student?.email ?? "" }) },
    { group: "admin enrollments", name: "search enrollment id", run: () => listEnrollments(admin, { q: student?.enrollmentId ?? "" }) },
    { group: "admin enrollments", name: "search pending + name", run: () => listEnrollments(admin, { q: "sara", status: "pending" }) },
    { group: "admin enrollments", name: "counters", run: () => enrollmentCounters(admin) },
  );
}
if (messages) {
  cases.push(
    { group: "admin messages", name: "inbox first page", run: () => messages.loadInbox(admin, {}) },
    { group: "admin messages", name: "inbox unread", run: () => messages.loadInbox(admin, { filter: "unread" }) },
    { group: "admin messages", name: "inbox late page", run: () => messages.loadInbox(admin, { page: 900 }) },
  );
}
// Payments (issue 37 item 7), on the money `bench/seed-payments.ts` adds (skipped without it).
const [money] = await rows<{ payments: number; course: string | null }>(
  sql`select (select count(*) from enrollment_ledger where kind = 'payment')::int as payments,
      (select e.course_id from enrollment_ledger l join enrollments e on e.id = l.enrollment_id where l.kind = 'payment' group by e.course_id order by count(*) desc limit 1) as course`,
);
if (money && money.payments > 0 && paymentsList && proofs) {
  const { listPayments } = paymentsList;
  const base = { kind: "", method: "", course: "", run: "", from: "", to: "", page: 1 } as const;
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const lastPage = Math.ceil(money.payments / 50);
  cases.push(
    { group: "admin payments", name: `all payments first page (${money.payments})`, run: () => listPayments(admin, base) },
    { group: "admin payments", name: "refunds", run: () => listPayments(admin, { ...base, kind: "refund" }) },
    { group: "admin payments", name: "method paymob", run: () => listPayments(admin, { ...base, method: "paymob" }) },
    { group: "admin payments", name: "busiest course", run: () => listPayments(admin, { ...base, course: money.course ?? "" }) },
    { group: "admin payments", name: "last 30 days", run: () => listPayments(admin, { ...base, from: monthAgo }) },
    { group: "admin payments", name: `middle page (${Math.ceil(lastPage / 2)})`, run: () => listPayments(admin, { ...base, page: Math.ceil(lastPage / 2) }) },
    { group: "admin payments", name: `last page (${lastPage})`, run: () => listPayments(admin, { ...base, page: lastPage }) },
    { group: "admin payments", name: "proof queue", run: () => proofs.proofQueue(admin) },
  );
}

// Course runs (issue 20): every new list, on the runs `bench/seed-runs.ts` adds.
if (sizes.runs > 0 && courseRunsLib && enrollmentsAdmin) {
  // The published course with the most upcoming open runs; the run with the longest waiting list; the
  // instructor teaching the most runs (of their courses or given to them).
  const [runCourse] = await rows<{ id: string }>(
    sql`select c.id from courses c join course_runs r on r.course_id = c.id
        where c.is_published and r.status = 'open' and r.starts_at > now() group by c.id order by count(*) desc, c.id limit 1`,
  );
  const [waitingRun] = await rows<{ id: string }>(
    sql`select run_id as id from enrollments where status = 'waiting' and run_id is not null group by run_id order by count(*) desc, run_id limit 1`,
  );
  const [busyRun] = await rows<{ id: string }>(
    sql`select run_id as id from enrollments where run_id is not null group by run_id order by count(*) desc, run_id limit 1`,
  );
  const [teacher] = await rows<{ id: string }>(
    sql`select i.id from instructors i
        order by (select count(*) from course_runs r join courses c on c.id = r.course_id where c.instructor_id = i.id)
               + (select count(*) from course_runs r where r.instructor_id = i.id) desc, i.id limit 1`,
  );
  const { listEnrollments, enrollmentCounters, getRunFilter } = enrollmentsAdmin;
  const runId = busyRun?.id ?? "";
  cases.push(
    { group: "runs", name: "course page runs (listUpcomingRuns)", run: () => courseRunsLib.listUpcomingRuns(db(), runCourse?.id ?? "") },
    { group: "runs", name: "/courses?sort=start (next start first)", run: () => catalog.listPublishedCourses({ sort: "start" }) },
    { group: "runs", name: "/courses?starts=soon", run: () => catalog.listPublishedCourses({ starts: "soon" }) },
    { group: "runs", name: "/courses?starts=upcoming&sort=start", run: () => catalog.listPublishedCourses({ starts: "upcoming", sort: "start" }) },
    {
      group: "runs",
      name: "/courses category + starts=soon + sort=start",
      run: () => catalog.listPublishedCourses({ category: busiestCategory?.slug, starts: "soon", sort: "start" }),
    },
    { group: "runs", name: "/courses?sort=start page 50", run: () => catalog.listPublishedCourses({ sort: "start", page: 50 }) },
    { group: "runs", name: "admin enrollments by run", run: () => listEnrollments(admin, { run: runId }) },
    { group: "runs", name: "admin enrollments by run: waiting list", run: () => listEnrollments(admin, { run: waitingRun?.id ?? runId, status: "waiting" }) },
    {
      group: "runs",
      name: "admin enrollments by run: counters + filter bar",
      run: () => Promise.all([enrollmentCounters(admin, { run: runId }), getRunFilter(admin, runId)]),
    },
    { group: "runs", name: "admin enrollments, waiting (all runs)", run: () => listEnrollments(admin, { status: "waiting" }) },
    { group: "runs", name: "run's waiting-list CSV (first batch)", run: () => firstCsvBatch({ run: waitingRun?.id ?? runId, status: "waiting" }) },
    { group: "runs", name: "dashboard next runs (admin)", run: () => dashboardModule.nextOpenRuns(admin) },
    { group: "runs", name: "dashboard next runs (manager, published only)", run: () => dashboardModule.nextOpenRuns(manager, { withFill: false }) },
  );
  if (home) {
    cases.push({
      group: "runs",
      name: "home 'Starting soon'",
      run: () => home.listStartingSoon({ columns: catalog.cardColumnsAt(new Date()), toCard: catalog.toCard }),
    });
  }
  if (portal && teacher) cases.push({ group: "runs", name: "instructor portal runs", run: () => portal.listInstructorRuns(teacher.id) });
} else {
  console.log("No course runs in the database: the run cases are skipped (seed them with `npx tsx bench/seed-runs.ts`).");
}

/** Reads the CSV stream's header and first batch of rows, then stops (what a download's first read costs). */
async function firstCsvBatch(filter: { run: string; status: "waiting" }): Promise<void> {
  const stream = await enrollmentsAdmin!.streamEnrollmentsCsv(admin, filter, { locale: "en" });
  const reader = stream.getReader();
  await reader.read();
  await reader.read();
  await reader.cancel();
}

if (emailLog) {
  cases.push(
    { group: "admin emails", name: "email log first page", run: () => emailLog.listEmailLog(admin, {}) },
    { group: "admin emails", name: "email log failed", run: () => emailLog.listEmailLog(admin, { status: "failed" }) },
  );
}

// ---- measure -------------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

interface Result {
  c: Case;
  p50: number;
  p95: number;
  max: number;
}

const selected = cases.filter((c) => !ONLY || ONLY.test(`${c.group}: ${c.name}`));
console.log(
  `bench:scale — ${sizes.courses} courses, ${sizes.enrollments} enrollments; ${selected.length} cases, ${WARMUP} warm-up + ${RUNS} runs each; target p95 ≤ ${TARGET_MS} ms`,
);
// Warm-up, then the runs interleaved (case 1, case 2, … then again), so a burst of load from another
// process on the machine spreads over all cases instead of landing on one.
for (const c of selected) for (let i = 0; i < WARMUP; i++) await c.run();
const times = selected.map(() => [] as number[]);
for (let i = 0; i < RUNS; i++) {
  for (const [k, c] of selected.entries()) {
    const t0 = performance.now();
    await c.run();
    times[k]!.push(performance.now() - t0);
  }
}
const results: Result[] = selected.map((c, k) => {
  const sorted = times[k]!.sort((a, b) => a - b);
  return { c, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]! };
});

const fmt = (ms: number) => ms.toFixed(1).padStart(7);
const targetOf = (c: Case) => c.target?.ms ?? TARGET_MS;
const width = Math.max(...results.map((r) => `${r.c.group}: ${r.c.name}`.length), 10);
console.log(`\n${"case".padEnd(width)}  ${"p50 ms".padStart(7)}  ${"p95 ms".padStart(7)}  ${"max ms".padStart(7)}  target  result`);
console.log("-".repeat(width + 44));
for (const r of results) {
  const ok = r.p95 <= targetOf(r.c);
  const target = `≤ ${targetOf(r.c)}${r.c.target ? "*" : ""}`.padEnd(6);
  console.log(`${`${r.c.group}: ${r.c.name}`.padEnd(width)}  ${fmt(r.p50)}  ${fmt(r.p95)}  ${fmt(r.max)}  ${target}  ${ok ? "ok" : "SLOW"}`);
}
for (const r of results.filter((x) => x.c.target)) console.log(`* ${r.c.group}: ${r.c.name}: ${r.c.target!.why}`);
const slow = results.filter((r) => r.p95 > targetOf(r.c));
console.log(`\n${results.length - slow.length}/${results.length} cases within target${slow.length ? `; above: ${slow.map((r) => `${r.c.group}: ${r.c.name}`).join(", ")}` : ""}`);

let seqScans = 0;
const planned = PLANS ? results.filter((r) => PLANS.test(`${r.c.group}: ${r.c.name}`)) : [];
if (planned.length) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const r of planned) {
    recording = [];
    await r.c.run();
    const queries = recording;
    recording = undefined;
    console.log(`\n=== plans of ${r.c.group}: ${r.c.name} (p95 ${r.p95.toFixed(1)} ms): ${queries.length} queries`);
    for (const q of queries) {
      const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${q.text}`, q.values);
      const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
      console.log(`\n${q.text.slice(0, 400)}${q.text.length > 400 ? " …" : ""}\n${text}`);
      for (const table of seqScannedTables(text)) {
        seqScans++;
        console.log(`!! sequential scan of ${table}`);
      }
    }
  }
  await client.end();
  console.log(`\nplans checked: ${planned.length} cases, ${seqScans} sequential scans of large tables`);
}

if (EXPLAIN && slow.length) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const r of slow) {
    recording = [];
    await r.c.run();
    const queries = recording;
    recording = undefined;
    console.log(`\n=== ${r.c.group}: ${r.c.name} (p95 ${r.p95.toFixed(1)} ms): ${queries.length} queries`);
    for (const q of queries) {
      console.log(`\n${q.text}\n-- params: ${JSON.stringify(q.values)}`);
      const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${q.text}`, q.values);
      console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
  }
  await client.end();
}

await database.close();
await vite.close();
process.exit(slow.length || seqScans ? 1 : 0);
