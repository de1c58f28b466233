// `npx tsx bench/seed-runs.ts [--runs-per-course=3] [--force]`: adds course runs (issue 20) to the scale
// database `npm run seed:scale` filled, so `npm run bench:scale` measures the run lists at scale: 3 runs
// per course (30 000 for 10 000 courses) — one that started a month ago, one within the next two
// months, one two to four months ahead — with ~8% closed and ~4% cancelled, seat limits on ~70%, a mode
// mix (on-site runs with a place), a run instructor on ~10%; then ~30% of the enrollment requests get a
// run of their course (the upcoming ones mostly), and a quarter of those still pending move to the
// waiting list. Rows are made by PostgreSQL (INSERT … SELECT, one UPDATE), never row by row from Node;
// the choices hash the row ids, so two runs on the same data give the same runs. Ends with VACUUM ANALYZE.
//
// A database that already has runs is left alone unless --force is given (which removes every run first,
// and with it the requests' run ids: the foreign key sets them null). DATABASE_URL overrides the default
// postgres://postgres@127.0.0.1:5432/course_scale.
import pg from "pg";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/course_scale";
const url = process.env.DATABASE_URL || DEFAULT_URL;
const FORCE = process.argv.includes("--force");
const perArg = process.argv.find((a) => a.startsWith("--runs-per-course="));
const PER_COURSE = perArg ? Number(perArg.split("=")[1]) : 3;
if (!Number.isInteger(PER_COURSE) || PER_COURSE < 1 || PER_COURSE > 50) {
  console.error("--runs-per-course must be a whole number from 1 to 50");
  process.exit(1);
}

const client = new pg.Client({ connectionString: url });
await client.connect();

async function step(name: string, text: string): Promise<number> {
  const t0 = performance.now();
  const res = await client.query(text);
  console.log(`${name.padEnd(48)}${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s${res.rowCount ? `  (${res.rowCount} rows)` : ""}`);
  return res.rowCount ?? 0;
}

const { rows: before } = await client.query<{ courses: number; runs: number }>(
  "select (select count(*) from courses)::int as courses, (select count(*) from course_runs)::int as runs",
);
if (!before[0] || before[0].courses === 0) {
  console.error("No courses: run `npm run seed:scale` first.");
  process.exit(1);
}
if (before[0].runs > 0 && !FORCE) {
  console.log(`${before[0].runs} runs are already there; --force removes them and seeds again.`);
  await client.end();
  process.exit(0);
}
console.log(`seed-runs → ${before[0].courses} courses × ${PER_COURSE} runs`);
if (FORCE) await step("remove runs (requests keep no run)", "delete from course_runs");

// h(x): a stable number 0..9999 from a text (the choices below).
const h = (expr: string) => `(abs(hashtext(${expr})) % 10000)`;
await step(
  "runs",
  `insert into course_runs (course_id, starts_at, ends_at, schedule, schedule_ar, mode, location, location_ar, capacity, status, instructor_id, session_minutes, repeat_frequency, repeat_count, created_at, updated_at)
   select c.id,
          s.starts_at,
          s.starts_at + interval '6 weeks',
          'Sun and Wed, 7–9 pm',
          'الأحد والأربعاء، 7–9 مساءً',
          case when ${h("c.id::text || k")} % 10 < 6 then 'live_online' when ${h("c.id::text || k")} % 10 < 8 then 'self_paced' else 'on_site' end,
          case when ${h("c.id::text || k")} % 10 >= 8 then 'Nasr City, Cairo' end,
          case when ${h("c.id::text || k")} % 10 >= 8 then 'مدينة نصر، القاهرة' end,
          case when ${h("c.id::text || 'cap' || k")} % 10 < 7 then 10 + ${h("c.id::text || 'n' || k")} % 31 end,
          case when ${h("c.id::text || 'st' || k")} % 100 < 8 then 'closed' when ${h("c.id::text || 'st' || k")} % 100 < 12 then 'cancelled' else 'open' end,
          case when ${h("c.id::text || 'in' || k")} % 10 = 0 then (select id from instructors order by id offset ${h("c.id::text || 'i' || k")} % greatest((select count(*) from instructors), 1) limit 1) end,
          120, 'weekly', 12, now(), now()
   from courses c
   cross join generate_series(1, ${PER_COURSE}) k
   cross join lateral (
     select date_trunc('hour', now())
            + case when k = 1 then -interval '30 days'
                   else ((k - 2) * 60 + 1 + ${h("c.id::text || 'd' || k")} % 60) * interval '1 day' end
            + (${h("c.id::text || 'h' || k")} % 12) * interval '1 hour' as starts_at
   ) s`,
);
// A third of the requests are for a run of their course (mostly an upcoming one).
await step(
  "requests' runs",
  `update enrollments e
   set run_id = (
     select r.id from course_runs r where r.course_id = e.course_id
     order by r.starts_at, r.id offset ${h("e.id::text || 'run'")} % ${PER_COURSE} limit 1)
   where e.course_id is not null and ${h("e.id::text")} % 10 < 3`,
);
await step("waiting lists", `update enrollments set status = 'waiting' where run_id is not null and status = 'pending' and ${h("id::text || 'w'")} % 4 = 0`);
await step("vacuum analyze", "vacuum analyze course_runs, enrollments, enrollment_status_counts");
const { rows: after } = await client.query<{ runs: number; open: number; withRun: number; waiting: number }>(
  `select (select count(*) from course_runs)::int as runs,
          (select count(*) from course_runs where status = 'open' and starts_at > now())::int as open,
          (select count(*) from enrollments where run_id is not null)::int as "withRun",
          (select count(*) from enrollments where status = 'waiting')::int as waiting`,
);
console.log(`done: ${after[0]!.runs} runs (${after[0]!.open} open ahead), ${after[0]!.withRun} requests with a run, ${after[0]!.waiting} waiting`);
await client.end();
