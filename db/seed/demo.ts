// First-start seeding (D3, D12): the demo catalogue goes only into an empty catalogue; the defaults
// (site settings, manager role permissions) are inserted on every start without overwriting edits.
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { categories, courseRuns, courses, enrollmentLedger, enrollments, instructors, receiptCounters, rolePermissions, siteSettings, subcategories } from "@db/schema/index.ts";
import { receiptPrefix } from "~/domain/payments/receipts.server.ts";
import { LEDGER_REASONS } from "~/domain/payments/ledger.ts";
import { cairoWallTimeToUtc, utcToCairoWallTime } from "~/lib/cairo-time.ts";
import { isCatalogEmpty, queryRows, type Executor, type Tx } from "~/lib/db.server.ts";
import { z } from "zod";
import {
  DEFAULT_ROLE_PERMISSIONS,
  DEFAULT_SITE_SETTINGS,
  DEMO_CATEGORIES,
  DEMO_COURSES,
  DEMO_INSTRUCTORS,
  DEMO_SITE_SETTINGS,
} from "./demo-data.ts";
import { DEMO_RUNS, DEMO_STUDENTS, DEMO_WEEKDAYS, type DemoRun } from "./demo-runs.ts";
import { seedDemoProofs } from "./demo-proofs.ts";
import { seedDemoDocuments } from "./demo-documents.ts";
import { courseInitials, courseThumbnail, instructorPhoto, rotateHue } from "./images.ts";

export interface SeedDemoResult {
  categories: number;
  courses: number;
  instructors: number;
}

/** Public URL prefix of the demo images; the server serves `${uploadsDir}/public` at `/media`. */
export const DEMO_MEDIA_PREFIX = "/media/demo";

/** Arbitrary constant key for the advisory lock that serialises concurrent first starts. */
const SEED_LOCK_KEY = 727_401_113;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function demoImagePaths(uploadsDir: string, name: string): { file: string; url: string } {
  return {
    file: path.join(uploadsDir, "public", "demo", `${name}.webp`),
    url: `${DEMO_MEDIA_PREFIX}/${name}.webp`,
  };
}

/**
 * A demo request's reference, in the alphabet real ones use (no 0/O, 1/I/L; app/lib/readable-code.server.ts):
 * "ENR-SEED-" and two characters counting the requests.
 */
function demoReference(n: number): string {
  const readable = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  return `ENR-SEED-${readable[Math.floor(n / readable.length) % readable.length]}${readable[n % readable.length]}`;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data refers to an unknown ${what}`);
  return value;
}

/**
 * Seeds the demo catalogue (categories, subcategories, instructors, courses and their images) and the
 * demo's contact details (seedDemoSettings) in one transaction, only when there are no courses,
 * categories or instructors yet. Returns zeros otherwise.
 */
export async function seedDemo(db: Executor, opts: { uploadsDir: string }): Promise<SeedDemoResult> {
  const none: SeedDemoResult = { categories: 0, courses: 0, instructors: 0 };
  if (!(await isCatalogEmpty(db))) return none;

  return db.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then sees a non-empty catalogue.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isCatalogEmpty(tx))) return none;

    // Newest first: item i is created i × 31 hours before now, so listings have a stable, natural order.
    const now = Date.now();
    const createdAt = (i: number) => new Date(now - (i * 31 + 1) * HOUR_MS);

    const categoryRows = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c, i) => ({ name: c.name, nameAr: c.nameAr, slug: c.slug, createdAt: createdAt(i) })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((r) => [r.slug, r.id]));

    const subcategoryRows = await tx
      .insert(subcategories)
      .values(
        DEMO_CATEGORIES.flatMap((c, ci) =>
          c.subcategories.map((s) => ({
            categoryId: required(categoryIds.get(c.slug), `category ${c.slug}`),
            name: s.name,
            nameAr: s.nameAr,
            slug: s.slug,
            description: s.description,
            isActive: s.isActive,
            sortOrder: s.sortOrder,
            createdAt: createdAt(ci),
          })),
        ),
      )
      .returning({ id: subcategories.id, slug: subcategories.slug });
    const subcategoryIds = new Map(subcategoryRows.map((r) => [r.slug, r.id]));

    const instructorIds = new Map<string, string>();
    for (const [i, d] of DEMO_INSTRUCTORS.entries()) {
      const photo = demoImagePaths(opts.uploadsDir, d.photoSlug);
      await writeImage(photo.file, await instructorPhoto({ name: d.name, color: d.color }));
      const [row] = await tx
        .insert(instructors)
        .values({
          name: d.name,
          nameAr: d.nameAr,
          title: d.title,
          titleAr: d.titleAr,
          bioShort: d.bioShort,
          bioShortAr: d.bioShortAr,
          photoUrl: photo.url,
          email: d.email,
          facebook: d.facebook,
          instagram: d.instagram,
          linkedin: d.linkedin,
          createdAt: createdAt(i),
        })
        .returning({ id: instructors.id });
      instructorIds.set(d.photoSlug, required(row, "inserted instructor").id);
    }

    const thumbnails = await writeDemoThumbnails(opts.uploadsDir);

    const courseValues = [];
    for (const [i, c] of DEMO_COURSES.entries()) {
      const thumbnail = thumbnails[i]!;
      courseValues.push({
        title: c.title,
        slug: c.slug,
        summary: c.summary,
        description: c.description,
        language: c.language,
        level: c.level,
        curriculum: [...c.curriculum],
        instructorId: required(instructorIds.get(c.instructor), `instructor ${c.instructor}`),
        categoryId: required(categoryIds.get(c.category), `category ${c.category}`),
        subcategoryId: required(subcategoryIds.get(c.subcategory), `subcategory ${c.subcategory}`),
        thumbnailUrl: thumbnail.url,
        hours: c.hours,
        price: c.price,
        priceVisible: c.priceVisible,
        isPublished: c.isPublished,
        createdAt: createdAt(i),
      });
    }
    const courseRows = await tx.insert(courses).values(courseValues).returning({ id: courses.id, slug: courses.slug, title: courses.title });
    await seedDemoRuns(tx, courseRows, now);
    await seedDemoProofs(tx, opts.uploadsDir);
    await seedDemoDocuments(tx, opts.uploadsDir);
    await seedDemoSettings(tx);

    return { categories: categoryRows.length, courses: courseRows.length, instructors: instructorIds.size };
  });
}

/**
 * The moment a demo run starts: `inDays` Cairo days from `now`, moved on to the run's `weekday` when it
 * has one (what its schedule says), at its Cairo wall time.
 */
export function demoRunStart(run: Pick<DemoRun, "inDays" | "at" | "weekday">, now: number): Date {
  const today = utcToCairoWallTime(new Date(now)).slice(0, 10);
  const date = new Date(Date.parse(`${today}T00:00:00Z`) + run.inDays * DAY_MS);
  if (run.weekday) date.setUTCDate(date.getUTCDate() + ((DEMO_WEEKDAYS.indexOf(run.weekday) - date.getUTCDay() + 7) % 7));
  const day = date.toISOString().slice(0, 10);
  return required(cairoWallTimeToUtc(`${day}T${run.at}`) ?? undefined, `time ${run.at}`);
}

/**
 * The demo runs (demo-runs.ts) and their requests: approved ones taking seats, then the waiting list
 * (in that order of arrival), from the demo students in turn. No reminders are queued: the addresses are
 * example.com placeholders.
 */
async function seedDemoRuns(tx: Tx, courseRows: { id: string; slug: string; title: string }[], now: number): Promise<void> {
  const bySlug = new Map(courseRows.map((c) => [c.slug, c]));
  const runRows = await tx
    .insert(courseRuns)
    .values(
      DEMO_RUNS.map((r) => {
        const startsAt = demoRunStart(r, now);
        return {
          courseId: required(bySlug.get(r.course), `course ${r.course}`).id,
          startsAt,
          endsAt: r.lengthDays === undefined ? null : new Date(startsAt.getTime() + r.lengthDays * DAY_MS + (r.sessionMinutes ?? 0) * 60_000),
          schedule: r.schedule,
          scheduleAr: r.scheduleAr,
          mode: r.mode,
          location: r.location ?? null,
          locationAr: r.locationAr ?? null,
          capacity: r.capacity,
          price: r.price ?? null,
          sessionMinutes: r.sessionMinutes,
          repeatFrequency: r.repeatFrequency,
          repeatCount: r.repeatCount,
          status: r.status ?? "open",
          // A live run's joining link (issue 38): its confirmed students see it on their page and calendar.
          joinUrl: r.mode === "live_online" ? `https://meet.example.com/nile-${r.course}` : null,
        };
      }),
    )
    .returning({ id: courseRuns.id, startsAt: courseRuns.startsAt });
  let n = 0;
  const requests = DEMO_RUNS.flatMap((r, i) => {
    const course = required(bySlug.get(r.course), `course ${r.course}`);
    const run = runRows[i]!;
    const statuses = [...Array<"approved">(r.approved ?? 0).fill("approved"), ...Array<"waiting">(r.waiting ?? 0).fill("waiting")];
    return statuses.map((status, k) => {
      const student = DEMO_STUDENTS[n % DEMO_STUDENTS.length]!;
      n += 1;
      // Asked for 20 to 10 days before the start (or before now for an upcoming run), in that order.
      const asked = Math.min(run.startsAt.getTime(), now) - (20 - k * 0.5) * DAY_MS;
      return {
        enrollmentId: demoReference(n),
        courseId: course.id,
        courseName: course.title,
        runId: run.id,
        studentName: student.name,
        studentEmail: student.email,
        studentPhone: student.phone,
        locale: student.locale,
        status,
        sourcePage: `/${student.locale}/courses/${course.slug}`,
        createdAt: new Date(asked),
        updatedAt: new Date(asked),
      };
    });
  });
  if (requests.length) await tx.insert(enrollments).values(requests);
  await seedDemoPayments(tx);
  await seedDemoHolds(tx, demoReference(n + 1));
}

/**
 * Money on the demo's approved requests (issue 37): each priced one is charged its run's price (else its
 * course's), as approval does; of those, every second has paid in full by InstaPay and every fifth half in
 * cash, so the demo shows a paid, a part-paid and an unpaid seat.
 */
async function seedDemoPayments(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into ${enrollmentLedger} (enrollment_id, kind, amount_piastres, created_at)
    select e.id, 'charge', round(coalesce(r.price, c.price) * 100)::bigint, e.updated_at + interval '1 hour'
    from ${enrollments} e
    left join course_runs r on r.id = e.run_id
    left join courses c on c.id = e.course_id
    where e.status = 'approved' and coalesce(r.price, c.price) > 0`);
  await tx.execute(sql`
    with charged as (
      select l.enrollment_id, l.amount_piastres, l.created_at, e.enrollment_id as reference,
             row_number() over (order by e.enrollment_id) as n
      from ${enrollmentLedger} l join ${enrollments} e on e.id = l.enrollment_id
      where l.kind = 'charge'
    )
    , paid as (
      select *, created_at + interval '1 day' as paid_at from charged where n % 2 = 0 or n % 5 = 0
    ), numbered as (
      select *, extract(year from paid_at at time zone 'Africa/Cairo')::int as year,
             row_number() over (partition by extract(year from paid_at at time zone 'Africa/Cairo') order by paid_at, reference) as k
      from paid
    )
    insert into ${enrollmentLedger} (enrollment_id, kind, amount_piastres, method, reference, idempotency_key, receipt_number, created_at)
    select enrollment_id, 'payment',
           case when n % 2 = 0 then amount_piastres else amount_piastres / 2 end,
           case when n % 2 = 0 then 'instapay' else 'cash' end,
           case when n % 2 = 0 then 'IPN-' || reference else 'CASH-' || reference end,
           'demo:' || reference,
           ${DEMO_RECEIPT_PREFIX} || '-' || year || '-' || lpad(k::text, 5, '0'),
           paid_at
    from numbered`);
  // The year's counters continue after the demo's receipts (issue 37 item 6).
  await tx.execute(sql`
    insert into ${receiptCounters} (year, last_number)
    select cast(split_part(receipt_number, '-', 2) as int), max(cast(split_part(receipt_number, '-', 3) as int))
    from ${enrollmentLedger} where receipt_number is not null group by 1
    on conflict (year) do update set last_number = greatest(${receiptCounters.lastNumber}, excluded.last_number)`);
}

/**
 * Held seats (issue 37 item 2): the demo's unpaid seats are held for a day and a half from now; one more
 * request, for the upcoming run with the most free seats, was approved and not paid in time: its hold ran
 * out two hours ago (expired, what was due voided). It is an extra request, so no run's seats change.
 */
async function seedDemoHolds(tx: Tx, reference: string): Promise<void> {
  await tx.execute(sql`
    update ${enrollments} e set hold_expires_at = now() + interval '36 hours'
    where e.status = 'approved'
      and exists (select 1 from ${enrollmentLedger} l where l.enrollment_id = e.id and l.kind = 'charge')
      and not exists (select 1 from ${enrollmentLedger} l where l.enrollment_id = e.id and l.kind = 'payment')`);
  const student = DEMO_STUDENTS[1]!;
  const [expired] = await queryRows(
    tx,
    sql`
      insert into ${enrollments} (enrollment_id, course_id, course_name, run_id, student_name, student_email, student_phone, locale, status, hold_expires_at, source_page, created_at, updated_at)
      select ${reference}, c.id, c.title, r.id, ${student.name}, ${student.email}, ${student.phone}, ${student.locale}, 'expired',
             now() - interval '2 hours', '/' || ${student.locale} || '/courses/' || c.slug, now() - interval '4 days', now() - interval '2 hours'
      from course_runs r join courses c on c.id = r.course_id
      where r.status = 'open' and r.starts_at > now() and r.capacity is not null and coalesce(r.price, c.price) > 0
      order by r.capacity - (select count(*) from ${enrollments} x where x.run_id = r.id and x.status = 'approved') desc, r.starts_at
      limit 1
      returning id`,
    z.object({ id: z.string() }),
  );
  if (!expired) return;
  await tx.execute(sql`
    insert into ${enrollmentLedger} (enrollment_id, kind, amount_piastres, reason, created_at)
    select e.id, k.kind, k.sign * round(coalesce(r.price, c.price) * 100)::bigint, k.reason, k.at
    from ${enrollments} e join course_runs r on r.id = e.run_id join courses c on c.id = e.course_id,
         (values ('charge', 1, null, now() - interval '50 hours'), ('adjustment', -1, ${LEDGER_REASONS.holdExpired}, now() - interval '2 hours'))
           as k(kind, sign, reason, at)
    where e.id = ${expired.id}::uuid`);
}

/** The demo academy's receipt prefix: the initials of its English name (receipts.server.ts). */
const DEMO_RECEIPT_PREFIX = receiptPrefix(DEFAULT_SITE_SETTINGS.brand.name.en);

/**
 * Writes one thumbnail per demo course (DATA_DIR/uploads/public/demo/<slug>.webp, served at /media/demo/)
 * and returns their paths in DEMO_COURSES order: the category's colours with the hue turned a little per
 * course, a background pattern of its own within the category and the course's initials, so no two
 * courses look alike. Same slug, same file: writing again replaces, never duplicates.
 */
export async function writeDemoThumbnails(uploadsDir: string): Promise<{ file: string; url: string }[]> {
  return Promise.all(
    DEMO_COURSES.map(async (c) => {
      const category = required(
        DEMO_CATEGORIES.find((x) => x.slug === c.category),
        `category ${c.category}`,
      );
      const k = DEMO_COURSES.filter((x) => x.category === c.category).indexOf(c);
      const turn = [0, 24, -24, 48][k % 4]!;
      const colors = [rotateHue(category.colors[0], turn), rotateHue(category.colors[1], turn)] as const;
      const thumbnail = demoImagePaths(uploadsDir, c.slug);
      await writeImage(thumbnail.file, await courseThumbnail({ colors, motif: category.motif, variant: k, initials: courseInitials(c.slug) }));
      return thumbnail;
    }),
  );
}

async function writeImage(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
}

/**
 * The demo's site settings (contact details, social links, About figures): a missing row is inserted, a
 * row still holding its default (DEFAULT_SITE_SETTINGS, as seedDefaults inserted it) is replaced, and a
 * row staff have changed is kept.
 */
export async function seedDemoSettings(db: Executor): Promise<void> {
  const now = new Date();
  for (const [key, value] of Object.entries(DEMO_SITE_SETTINGS)) {
    const untouched = DEFAULT_SITE_SETTINGS[key as keyof typeof DEFAULT_SITE_SETTINGS];
    await db
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value, updatedAt: now },
        // jsonb equality: the same keys and values, whatever their order.
        // A key without a default (payments) is taken while it is empty (a save creates rows as {}).
        setWhere: sql`${siteSettings.value} = ${JSON.stringify(untouched ?? {})}::jsonb`,
      });
  }
}

/** Inserts the default site settings and role permissions; existing rows (admins' edits) are kept. */
export async function seedDefaults(db: Executor): Promise<void> {
  await db
    .insert(siteSettings)
    .values(Object.entries(DEFAULT_SITE_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(rolePermissions)
    .values(Object.entries(DEFAULT_ROLE_PERMISSIONS).map(([roleName, permissions]) => ({ roleName, permissions: [...permissions] })))
    .onConflictDoNothing();
}
