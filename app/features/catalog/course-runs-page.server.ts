// Course runs on the public pages (issue 20 points 2 and 7): what the course page lists (the upcoming open
// runs with their seats, the names of instructors a run overrides, the two run settings) and the sitemap's
// courses with a `lastmod` that follows their runs. The shared run reads are in app/domain/runs/run-seats.server.ts.
// The list's words are made here, on the server, in the page's language (strings in course-runs.json,
// never sent to the browser): the course page is at its JavaScript budget, so the browser only places them.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { categories, courses, instructors, subcategories } from "@db/schema/index.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { listUpcomingRuns } from "~/domain/runs/run-seats.server.ts";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import { db } from "~/lib/db.server.ts";
import { formatPrice } from "~/lib/format.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { showsSeatsLeft, type RunPageSettings } from "~/lib/run-settings.ts";
import type { CourseDetail } from "./catalog.server.ts";
import { runInstances } from "./course-runs-json-ld.ts";
import type { CourseRunsWords, RunWords } from "./course-runs-words.ts";

export type { CourseRunsWords, RunWords };
import { readRunPageSettings } from "~/lib/site-settings.server.ts";

/** The course page lists at most this many upcoming runs (soonest first). */
export const COURSE_PAGE_RUNS_LIMIT = 12;

export interface RunInstructor {
  name: string;
  nameAr: string | null;
}

export interface CourseRunsPage {
  /** Upcoming open runs, soonest first; a run's own price only when the course shows its price. */
  runs: PublicRun[];
  /** The instructors runs name instead of the course's, by id. */
  runInstructors: Record<string, RunInstructor>;
  settings: RunPageSettings;
  words: CourseRunsWords;
  /** The runs as JSON-LD CourseInstances (the page's structured data). */
  instances: Record<string, unknown>[];
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** First-strong isolation around a name or an amount inside a sentence of the other direction. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The course page's words for its runs, in `locale`. */
export function courseRunsWords(
  runs: PublicRun[],
  { t, locale, coursePrice, settings, runInstructors }: { t: T; locale: Locale; coursePrice: number | null; settings: RunPageSettings; runInstructors: Record<string, RunInstructor> },
): CourseRunsWords {
  return {
    title: t("courseRuns.title"),
    intro: t("courseRuns.intro"),
    ...nextStartWords(runs, t, locale),
    contact: runs.length === 0 && settings.contactWhenNoRuns ? t("courseRuns.contactForDates") : null,
    runs: runs.map((run) => {
      const date = formatRunMoment(run.startsAt, locale, "date");
      const teacher = run.instructorId ? runInstructors[run.instructorId] : undefined;
      const ownPrice = run.price !== null && run.price !== (coursePrice ?? 0) ? (formatPrice(run.price, locale) ?? t("courseCard.free")) : null;
      return {
        id: run.id,
        mode: run.mode,
        date,
        time: t("runs.page.at", { time: formatRunMoment(run.startsAt, locale, "time"), zone: t("runs.cairoTime") }),
        ends: run.endsAt ? t("courseRuns.ends", { date: formatRunMoment(run.endsAt, locale, "short") }) : null,
        schedule: pickText({ en: run.schedule, ar: run.scheduleAr }, locale),
        modeText: t(`runs.mode.${run.mode}`),
        location: run.mode === "on_site" ? pickText({ en: run.location, ar: run.locationAr }, locale) : "",
        instructor: teacher ? t("courseRuns.instructor", { name: isolate(pickText({ en: teacher.name, ar: teacher.nameAr }, locale)) }) : null,
        price: ownPrice ? t("courseRuns.price", { price: isolate(ownPrice) }) : null,
        seats: run.full
          ? t("courseRuns.full")
          : showsSeatsLeft(run, settings.seatsLeftFrom)
            ? t("courseRuns.seatsLeft", { count: run.seatsLeft ?? 0 })
            : null,
        full: run.full,
        action: t(run.full ? "courseRuns.joinWaitingList" : "courseRuns.choose"),
        actionLabel: t(run.full ? "courseRuns.joinWaitingListLabel" : "courseRuns.chooseLabel", { date }),
      };
    }),
  };
}

/**
 * Issue 36 item 1: the side panel and the phone bar name the next start a visitor can take a seat in (a full
 * run is passed over for a later one with seats); when every upcoming run is full they say so, and the
 * button says "Join the waiting list" instead of "Enroll Now".
 */
function nextStartWords(runs: PublicRun[], t: T, locale: Locale): Pick<CourseRunsWords, "nextStart" | "allFull" | "barNote" | "enroll"> {
  const open = runs.find((run) => !run.full);
  const allFull = runs.length > 0 && !open;
  const nextStart = open ? t("courseRuns.nextStart", { date: formatRunMoment(open.startsAt, locale, "short") }) : null;
  return {
    nextStart: allFull ? t("courseRuns.allFull") : nextStart,
    allFull,
    barNote: allFull ? t("courseRuns.allFullShort") : nextStart,
    enroll: t(allFull ? "courseRuns.joinWaitingList" : "catalog.course.enrollNow"),
  };
}

/**
 * The course page's runs (public: a published course the caller already found). Two queries at once
 * (the runs, the settings), a third only when a run names its own instructor. A hidden course price
 * ("Contact us for the price") hides the runs' prices too: they never leave the server.
 */
export async function getCourseRunsPage(
  course: Pick<CourseDetail, "id" | "slug" | "hours" | "price" | "priceVisible" | "instructor">,
  opts: { t: T; locale: Locale; origin: string; now?: Date },
): Promise<CourseRunsPage> {
  const [runs, settings] = await Promise.all([
    listUpcomingRuns(db(), course.id, { now: opts.now, limit: COURSE_PAGE_RUNS_LIMIT }),
    readRunPageSettings(),
  ]);
  const ids = [...new Set(runs.map((r) => r.instructorId).filter((id): id is string => id !== null))];
  const runInstructors: Record<string, RunInstructor> = {};
  if (ids.length > 0) {
    const rows = await db()
      .select({ id: instructors.id, name: instructors.name, nameAr: instructors.nameAr })
      .from(instructors)
      .where(inArray(instructors.id, ids));
    for (const row of rows) runInstructors[row.id] = { name: row.name, nameAr: row.nameAr };
  }
  const shown = course.priceVisible ? runs : runs.map((r) => ({ ...r, price: null }));
  return {
    runs: shown,
    runInstructors,
    settings,
    words: courseRunsWords(shown, { t: opts.t, locale: opts.locale, coursePrice: course.price, settings, runInstructors }),
    instances: runInstances({ runs: shown, course, locale: opts.locale, origin: opts.origin, runInstructors }),
  };
}

export interface SitemapCourse {
  slug: string;
  /** The latest change among the course and its runs. */
  lastmod: Date;
}

/** Published courses, newest first, each with the latest change of the course or any of its runs. One query. */
export async function listSitemapCourses(): Promise<SitemapCourse[]> {
  // Written out in full: drizzle renders columns unqualified in a one-table select, and "id" would name the run's own id.
  const latestRun = sql<Date | string | null>`(select max("course_runs"."updated_at") from "course_runs" where "course_runs"."course_id" = "courses"."id")`;
  const rows = await db()
    .select({ slug: courses.slug, updatedAt: courses.updatedAt, latestRun })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(desc(courses.createdAt), desc(courses.id));
  return rows.map((r) => {
    // The subquery's timestamp comes back as text from some drivers: read it as a date either way.
    const run = r.latestRun === null ? null : new Date(r.latestRun);
    return { slug: r.slug, lastmod: run && run > r.updatedAt ? run : r.updatedAt };
  });
}

/**
 * The catalogue pages worth a search engine's visit (issue 36 item 9): every category and subcategory
 * with a published course, by slug. The language catalogues' own slugs are pages of their own already.
 */
export async function listSitemapCatalogues(): Promise<{ categories: string[]; subcategories: string[] }> {
  const published = (column: typeof courses.categoryId | typeof courses.subcategoryId, id: typeof categories.id | typeof subcategories.id) =>
    and(eq(column, id), eq(courses.isPublished, true));
  const [cats, subs] = await Promise.all([
    db().selectDistinct({ slug: categories.slug }).from(categories).innerJoin(courses, published(courses.categoryId, categories.id)).orderBy(categories.slug),
    db()
      .selectDistinct({ slug: subcategories.slug })
      .from(subcategories)
      .innerJoin(courses, published(courses.subcategoryId, subcategories.id))
      .orderBy(subcategories.slug),
  ]);
  return { categories: cats.map((c) => c.slug), subcategories: subs.map((c) => c.slug) };
}
