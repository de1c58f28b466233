// The public catalogue (SPEC §2, §7; D2, D3, D14, D17, D21): published courses, categories with their
// active subcategories, instructors, About figures and the sitemap. Public data only, so no permission
// check; every function runs a fixed number of queries whatever the number of rows.
import { instructorProfileColumns } from "~/domain/instructors/instructor-columns.server.ts";
import { runHasSeat } from "~/domain/runs/run-seats.server.ts";
import { and, asc, count, desc, eq, gt, like, lte, ne, not, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias, type SubqueryWithSelection } from "drizzle-orm/pg-core";
import {
  categories,
  COURSE_LEVELS,
  courseRuns,
  courses,
  enrollments,
  instructors,
  subcategories,
} from "@db/schema/index.ts";
import { foldForSearch } from "~/lib/arabic.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { perVersion, perVersionKeyed } from "~/lib/content-version.server.ts";
import { db } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import type { CourseRef, NavCategory } from "~/lib/site-layout.ts";
import type { PublicInstructor } from "~/components/site/instructor-view.ts";
import { instructorBioId } from "~/components/site/instructor-bio-section.tsx";
import { isOneOf } from "~/lib/validation.ts";
import { imageSrcSet } from "~/lib/uploads.server.ts";
import { containsPattern } from "~/lib/like-pattern.ts";

export type CourseLanguage = "en" | "ar";
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const DEFAULT_PAGE_SIZE = 24;
const MAX_PAGE_SIZE = 100;
/** Longer searches are cut: no title is longer than 200 characters. */
const MAX_QUERY_LENGTH = 200;

export interface CourseCard {
  id: string;
  slug: string;
  title: string;
  /** '' when the course has no summary. */
  summary: string;
  language: CourseLanguage;
  level: CourseLevel | null;
  hours: number | null;
  /** null when there is no price, and also when the price is hidden (priceVisible false). */
  price: number | null;
  priceVisible: boolean;
  thumbnailUrl: string | null;
  /** `srcset` of an uploaded thumbnail (400w variant + 800w), undefined for the default image. */
  thumbnailSrcSet?: string;
  /** D2: the number of approved enrollments. */
  approvedCount: number;
  categoryName: string | null;
  categoryNameAr: string | null;
  /**
   * Issue 20: when the course's next open run starts (the soonest after now), null when none is planned.
   * Every card read from the database has it (toCard); a card made by hand may leave it out.
   */
  nextStartAt?: Date | null;
  /**
   * That date as a card shows it, in Cairo time, in each interface language ("Jan 12" / "12 يناير"):
   * formatted on the server, so pages with cards ship no date formatting.
   */
  nextStartLabel?: { en: string; ar: string } | null;
  /**
   * Issue 36 item 1: the course has upcoming runs and every one of them is full, so the card says "Full —
   * join the waiting list" instead of a date (`nextStartAt` is the next run with a seat, null then).
   */
  waitingListOnly?: boolean;
}

export interface CourseDetail extends CourseCard {
  description: string | null;
  curriculum: string[];
  /** 'What you will learn' in English and in Arabic (either may be empty; the page picks with `courseOutcomes`). */
  outcomes: string[];
  outcomesAr: string[];
  createdAt: Date;
  updatedAt: Date;
  instructor: {
    name: string;
    nameAr: string | null;
    title: string | null;
    titleAr: string | null;
    photoUrl: string | null;
    /** The short bio in each language (either may be missing). */
    bio: string | null;
    bioAr: string | null;
    /** The id of the instructor's section on the About page: the course page links to /about#anchor. */
    anchor: string;
  } | null;
  category: CourseRef | null;
  /** Only an active subcategory is shown. */
  subcategory: CourseRef | null;
}

export interface ListPublishedCoursesInput {
  q?: string;
  /** Category slug. */
  category?: string;
  /** Subcategory slug (active subcategories only). */
  subcategory?: string;
  language?: CourseLanguage;
  /**
   * Issue 20: only courses with an open run starting within STARTING_SOON_DAYS (`soon`) or at any later
   * date (`upcoming`).
   */
  starts?: CatalogStarts;
  /** `newest` (default): newest first; `start`: the soonest next start first, courses without one last. */
  sort?: CatalogSort;
  page?: number;
  /** Default 24. */
  pageSize?: number;
  /** The clock (tests); default now. */
  now?: Date;
  /**
   * The request's content version (requestVersion): with it, the count of a list without a search or a
   * start-date filter is kept per instance for that version (it depends on content alone).
   */
  version?: Promise<string>;
}

export interface ListPublishedCoursesResult {
  courses: CourseCard[];
  total: number;
  /** The page shown: the requested one clamped to [1, pageCount]. */
  page: number;
  /** At least 1. */
  pageCount: number;
  /** True when a search, a category, a subcategory or a start-date filter is set. */
  filtered: boolean;
  /** The category filtered on; with only a subcategory filter, that subcategory's category. */
  category: NavCategory | null;
  subcategory: CourseRef | null;
  /**
   * Set when the category or subcategory slug names none (or an inactive subcategory): the list is empty
   * and the catalogue page answers 404, so a made-up filter is never a page (issue 34 item 8).
   */
  unknownFilter?: true;
}

export interface AboutFigures {
  yearsOfExperience: number;
  partners: number;
  students: number;
  /** Counted from the database (D12). */
  availableCourses: number;
}

export const CATALOG_STARTS = ["soon", "upcoming"] as const;
export type CatalogStarts = (typeof CATALOG_STARTS)[number];
export const CATALOG_SORTS = ["newest", "start"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
/** "Starting soon": an open run starting within this many days (the catalogue filter). */
export const STARTING_SOON_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment as a timestamptz parameter (a bare Date would go to the driver untyped). */
function at(moment: Date | undefined): SQL {
  return moment ? sql`${moment.toISOString()}::timestamptz` : sql`now()`;
}

/**
 * Issue 20: when the next open run of the course `id` starts (after `now`, default the database's clock),
 * or null. A correlated subquery served by course_runs_course_starts_idx (course_id, starts_at): one index
 * probe per card, in the cards' own query.
 */
function nextStartOf(id: AnyColumn | SQL, now?: Date) {
  return sql<Date | null>`(select min(${courseRuns.startsAt}) from ${courseRuns} where ${courseRuns.courseId} = ${id} and ${courseRuns.status} = 'open' and ${courseRuns.startsAt} > ${at(now)})`.mapWith(
    courseRuns.startsAt,
  );
}

/**
 * Issue 36 item 1: when the next open run of the course `id` that still has a seat starts (a run without a
 * seat limit always has one), or null. The seats are counted per run by enrollments_run_status_created_idx.
 */
function seatStartOf(id: AnyColumn | SQL, now?: Date) {
  // Written out with table names: inside a select, drizzle renders a column without its table, and in the
  // inner count "id" would be the enrollment's.
  return sql<Date | null>`(select min("seat_run"."starts_at") from "course_runs" as "seat_run" where "seat_run"."course_id" = ${id} and "seat_run"."status" = 'open' and "seat_run"."starts_at" > ${at(now)} and ("seat_run"."capacity" is null or "seat_run"."capacity" > (select count(*) from "enrollments" where "enrollments"."run_id" = "seat_run"."id" and "enrollments"."status" = 'approved')))`.mapWith(
    courseRuns.startsAt,
  );
}

/**
 * Issue 37 item 1: the own price of the run `seatStartOf` names (null: it has none, or there is no such
 * run), so a card says the price of the start it shows, as the course page and the dialog do.
 */
function seatPriceOf(id: AnyColumn | SQL, now?: Date) {
  return sql<string | null>`(select "seat_run"."price" from "course_runs" as "seat_run" where "seat_run"."course_id" = ${id} and "seat_run"."status" = 'open' and "seat_run"."starts_at" > ${at(now)} and ("seat_run"."capacity" is null or "seat_run"."capacity" > (select count(*) from "enrollments" where "enrollments"."run_id" = "seat_run"."id" and "enrollments"."status" = 'approved')) order by "seat_run"."starts_at", "seat_run"."id" limit 1)`;
}

/** D2: approved enrollments of the course `id` (served by enrollments_course_status_idx). */
function approvedCountOf(id: AnyColumn | SQL) {
  return sql<number>`(select count(*) from ${enrollments} where ${enrollments.courseId} = ${id} and ${enrollments.status} = 'approved')`.mapWith(
    Number,
  );
}

/** A card's columns but the count; the category's names aliased, so they can be read from a subquery. */
const pageColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  summary: courses.summary,
  language: courses.language,
  level: courses.level,
  hours: courses.hours,
  price: courses.price,
  priceVisible: courses.priceVisible,
  thumbnailUrl: courses.thumbnailUrl,
  categoryName: sql<string | null>`${categories.name}`.as("category_name"),
  categoryNameAr: sql<string | null>`${categories.nameAr}`.as("category_name_ar"),
};

/** A catalogue page's columns before the counts: the card's, its age and the next start it is sorted by. */
function pageSelection(sortStart: SQL.Aliased<Date | null>) {
  return { ...pageColumns, createdAt: courses.createdAt, sortStart };
}
type PageSubquery = SubqueryWithSelection<ReturnType<typeof pageSelection>, "page">;
const NO_START = () => sql<Date | null>`null::timestamptz`.as("sort_start");

/** The columns of a course card (with `toCard`) at the moment `now` (default the database's clock). */
export function cardColumnsAt(now?: Date) {
  return {
    ...pageColumns,
    categoryName: categories.name,
    categoryNameAr: categories.nameAr,
    approvedCount: approvedCountOf(courses.id),
    nextStartAt: nextStartOf(courses.id, now),
    seatStartAt: seatStartOf(courses.id, now),
    seatPrice: seatPriceOf(courses.id, now),
  };
}

/** The columns of a course card (with `toCard`): every list of cards selects these. */
export const cardColumns = cardColumnsAt();

export type CardRow = {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  language: string;
  level: string | null;
  hours: number | null;
  price: number | null;
  priceVisible: boolean;
  thumbnailUrl: string | null;
  approvedCount: number;
  categoryName: string | null;
  categoryNameAr: string | null;
  /** The first upcoming open run's start, full or not. */
  nextStartAt: Date | string | null;
  /** The first upcoming open run with a seat. */
  seatStartAt: Date | string | null;
  /** That run's own price (null: none; the course's applies). */
  seatPrice?: number | string | null;
};

export function toCard(row: CardRow): CourseCard {
  // A card names the next start a visitor can take a seat in; a full run is not that (issue 36 item 1).
  const nextStart = row.seatStartAt === null ? null : new Date(row.seatStartAt);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary ?? "",
    language: row.language === "ar" ? "ar" : "en",
    level: toLevel(row.level),
    hours: row.hours,
    // A hidden price never leaves the server. The shown start's own price, else the course's (issue 37).
    price: row.priceVisible && (row.seatPrice ?? row.price) !== null ? Number(row.seatPrice ?? row.price) : null,
    priceVisible: row.priceVisible,
    thumbnailUrl: row.thumbnailUrl,
    thumbnailSrcSet: imageSrcSet(row.thumbnailUrl),
    approvedCount: Number(row.approvedCount) || 0,
    categoryName: row.categoryName,
    categoryNameAr: row.categoryNameAr,
    nextStartAt: nextStart,
    nextStartLabel: nextStart && { en: formatRunMoment(nextStart, "en", "short"), ar: formatRunMoment(nextStart, "ar", "short") },
    waitingListOnly: row.nextStartAt !== null && nextStart === null,
  };
}

function toLevel(value: string | null): CourseLevel | null {
  return isOneOf(value, COURSE_LEVELS) ? value : null;
}

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

type NavRow = {
  id: string;
  slug: string;
  name: string;
  nameAr: string | null;
  subSlug: string | null;
  subName: string | null;
  subNameAr: string | null;
  subSortOrder: number | null;
};

/** Categories with their active subcategories, from one joined query (rows already in order). */
async function selectNavCategories(where?: SQL): Promise<NavCategory[]> {
  const rows: NavRow[] = await db()
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      nameAr: categories.nameAr,
      subSlug: subcategories.slug,
      subName: subcategories.name,
      subNameAr: subcategories.nameAr,
      subSortOrder: subcategories.sortOrder,
    })
    .from(categories)
    .leftJoin(subcategories, and(eq(subcategories.categoryId, categories.id), eq(subcategories.isActive, true)))
    .where(where)
    .orderBy(asc(categories.name), asc(categories.id), asc(subcategories.sortOrder), asc(subcategories.name), asc(subcategories.id));
  const result: NavCategory[] = [];
  let last: NavCategory | undefined;
  for (const row of rows) {
    if (!last || last.id !== row.id) {
      last = { id: row.id, slug: row.slug, name: row.name, nameAr: row.nameAr, subcategories: [] };
      result.push(last);
    }
    if (row.subSlug !== null && row.subName !== null) {
      last.subcategories.push({ slug: row.subSlug, name: row.subName, nameAr: row.subNameAr, sortOrder: row.subSortOrder ?? 0 });
    }
  }
  return result;
}

/**
 * Categories by (English) name, each with its active subcategories by sort order then name (one query).
 * Displays order them for the interface language with `sortCategoryTree` (app/lib/collation.ts).
 */
export function getNavCategories(): Promise<NavCategory[]> {
  return selectNavCategories();
}

/** Catalogue counts kept per content version: one per language × category × subcategory shown, bounded. */
const keptCounts = perVersionKeyed<number>(500);

/**
 * Published courses, newest first or by next start (issue 20), with an Arabic-aware title search (D17),
 * category, subcategory, language and start-date filters and pages. An unknown category or subcategory
 * slug gives an empty result marked `unknownFilter`. At most four queries: the category and subcategory
 * (only when filtered on), the count (kept per content version when `version` is given and nothing is
 * searched), and the page. Each card's next start is read in the page's query.
 */
export async function listPublishedCourses(input: ListPublishedCoursesInput): Promise<ListPublishedCoursesResult> {
  const pageSize = clampInt(input.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const search = foldForSearch((input.q ?? "").slice(0, MAX_QUERY_LENGTH));
  const categorySlug = input.category?.trim() || undefined;
  const subcategorySlug = input.subcategory?.trim() || undefined;
  const language = input.language === "en" || input.language === "ar" ? input.language : undefined;
  const starts = isOneOf(input.starts, CATALOG_STARTS) ? input.starts : undefined;
  const sort: CatalogSort = input.sort === "start" ? "start" : "newest";
  const now = input.now ?? new Date();
  const filtered = Boolean(search || categorySlug || subcategorySlug || starts);

  const [foundSubcategory, category] = await Promise.all([
    subcategorySlug
      ? db()
          .select({
            id: subcategories.id,
            categoryId: subcategories.categoryId,
            slug: subcategories.slug,
            name: subcategories.name,
            nameAr: subcategories.nameAr,
          })
          .from(subcategories)
          .where(and(eq(subcategories.slug, subcategorySlug), eq(subcategories.isActive, true)))
          .then((rows) => rows[0] ?? null)
      : null,
    categorySlug
      ? selectNavCategories(eq(categories.slug, categorySlug)).then((rows) => rows[0] ?? null)
      : subcategorySlug
        ? // Only a subcategory: its category, for the filter controls.
          selectNavCategories(
            sql`${categories.id} = (select ${subcategories.categoryId} from ${subcategories} where ${subcategories.slug} = ${subcategorySlug} and ${subcategories.isActive})`,
          ).then((rows) => rows[0] ?? null)
        : null,
  ]);

  // A subcategory of another category than the one chosen (the category select changed, the form still
  // carrying the subcategory) is dropped: the category wins.
  const subcategory = foundSubcategory && category && categorySlug && foundSubcategory.categoryId !== category.id ? null : foundSubcategory;
  const ignoredSubcategory = foundSubcategory !== null && subcategory === null;
  const subcategoryRef = subcategory && { slug: subcategory.slug, name: subcategory.name, nameAr: subcategory.nameAr };
  if ((categorySlug && !category) || (subcategorySlug && !subcategory && !ignoredSubcategory)) {
    return {
      courses: [],
      total: 0,
      page: 1,
      pageCount: 1,
      filtered,
      category: categorySlug ? null : category,
      subcategory: subcategoryRef,
      unknownFilter: true,
    };
  }

  const where = and(
    eq(courses.isPublished, true),
    language ? eq(courses.language, language) : undefined,
    categorySlug && category ? eq(courses.categoryId, category.id) : undefined,
    subcategory ? eq(courses.subcategoryId, subcategory.id) : undefined,
    // Served by the trigram index courses_search_title_trgm_idx.
    search ? like(courses.searchTitle, containsPattern(search)) : undefined,
  );

  // Issue 20. A course's runs that count: open, starting after `now` (and within the window for "soon").
  const windowEnd = starts === "soon" ? new Date(now.getTime() + STARTING_SOON_DAYS * DAY_MS) : undefined;
  // Issue 36 item 1: a full run is not a start a visitor can take, so a course is dated (and filtered) by its
  // next run with a seat, the date its card shows; a course whose runs are all full sorts with the undated.
  const countedRuns = (run: { id: AnyColumn; capacity: AnyColumn; status: AnyColumn; startsAt: AnyColumn }) =>
    and(eq(run.status, "open"), gt(run.startsAt, now), windowEnd ? lte(run.startsAt, windowEnd) : undefined, runHasSeat(run));
  // The start-date filter: a semi-join probing course_runs_course_starts_idx (course_id, starts_at).
  const hasRuns = sql`exists (select 1 from ${courseRuns} where ${courseRuns.courseId} = ${courses.id} and ${countedRuns(courseRuns)})`;
  const filteredWhere = starts ? and(where, hasRuns) : where;

  const countAll = () =>
    db()
      .select({ total: count() })
      .from(courses)
      .where(filteredWhere)
      .then(([counted]) => Number(counted?.total ?? 0));
  // A search or a start-date filter is counted each time: searches are as many as visitors type, and runs
  // start and close with the clock.
  const total =
    input.version && !search && !starts
      ? await keptCounts(`${language ?? ""}|${category?.id ?? ""}|${subcategory?.id ?? ""}`, await input.version, countAll)
      : await countAll();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = clampInt(input.page, 1, pageCount, 1);
  const offset = (page - 1) * pageSize;

  if (total === 0) return { courses: [], total, page, pageCount, filtered, category, subcategory: subcategoryRef };
  if (sort === "newest") {
    // Newest first: the page is cut by the indexes on created_at desc, id desc.
    const pageRows = db()
      .select(pageSelection(NO_START()))
      .from(courses)
      .leftJoin(categories, eq(categories.id, courses.categoryId))
      .where(filteredWhere)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(pageSize)
      .offset(offset)
      .as("page");
    const rows = await withCounts(pageRows, now, false);
    return { courses: rows.map(toCard), total, page, pageCount, filtered, category, subcategory: subcategoryRef };
  }

  // By next start: first the courses with a run ahead, soonest first (ties newest first), read in date
  // order from the partial index course_runs_open_starts_idx, keeping each course's first run only (an
  // anti-join probing course_runs_course_starts_idx) and joining the course by its key: the walk stops
  // once the page is full, whatever the size of the catalogue, with no sort of every course.
  const later = alias(courseRuns, "later_run");
  const firstRun = sql`not exists (select 1 from ${courseRuns} as ${later} where ${later.courseId} = ${courseRuns.courseId} and ${countedRuns(later)} and ${later.startsAt} <= ${courseRuns.startsAt} and (${later.startsAt} < ${courseRuns.startsAt} or ${later.id} < ${courseRuns.id}))`;
  const datedPage = (limit: number, skip: number) =>
    db()
      .select(pageSelection(sql<Date | null>`${courseRuns.startsAt}`.as("sort_start")))
      .from(courseRuns)
      .innerJoin(courses, eq(courses.id, courseRuns.courseId))
      .leftJoin(categories, eq(categories.id, courses.categoryId))
      .where(and(countedRuns(courseRuns), firstRun, where))
      .orderBy(asc(courseRuns.startsAt), desc(courses.createdAt), desc(courses.id))
      .limit(limit)
      .offset(skip)
      .as("page");
  const dated = await withCounts(datedPage(pageSize, offset), now, true);
  if (dated.length === pageSize || starts) {
    return { courses: dated.map(toCard), total, page, pageCount, filtered, category, subcategory: subcategoryRef };
  }
  // Then the courses without a date, newest first (the last pages only). Where they begin: right after the
  // dated rows just read, or, on a page past them all, after the count of dated courses.
  let datedTotal = offset + dated.length;
  if (dated.length === 0) {
    const [row] = await db().select({ n: count() }).from(courses).where(and(where, hasRuns));
    datedTotal = Number(row?.n ?? 0);
  }
  const undatedPage = db()
    .select(pageSelection(NO_START()))
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(and(where, not(hasRuns)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(pageSize - dated.length)
    .offset(Math.max(0, offset - datedTotal))
    .as("page");
  const undated = await withCounts(undatedPage, now, false);
  return { courses: [...dated, ...undated].map(toCard), total, page, pageCount, filtered, category, subcategory: subcategoryRef };
}

/**
 * The rows of a page subquery (aliased "page", in its order) with the approved enrollments counted and the
 * next start read for those rows only: in the same SELECT as the cut, they would also run for every row
 * skipped by OFFSET. `datedBySort`: the page's sort_start already is each course's next start.
 */
async function withCounts(pageRows: PageSubquery, now: Date, datedBySort: boolean): Promise<CardRow[]> {
  // Qualified by hand: inside the subqueries, a bare "id" would be the enrollment's or the run's.
  const pageId = sql`${sql.identifier("page")}.${sql.identifier("id")}`;
  return db()
    .select({
      id: pageRows.id,
      slug: pageRows.slug,
      title: pageRows.title,
      summary: pageRows.summary,
      language: pageRows.language,
      level: pageRows.level,
      hours: pageRows.hours,
      price: pageRows.price,
      priceVisible: pageRows.priceVisible,
      thumbnailUrl: pageRows.thumbnailUrl,
      approvedCount: approvedCountOf(pageId),
      categoryName: pageRows.categoryName,
      categoryNameAr: pageRows.categoryNameAr,
      nextStartAt: datedBySort ? sql<Date | null>`${pageRows.sortStart}`.mapWith(courseRuns.startsAt) : nextStartOf(pageId, now),
      seatStartAt: seatStartOf(pageId, now),
      seatPrice: seatPriceOf(pageId, now),
    })
    .from(pageRows)
    .orderBy(...(datedBySort ? [asc(pageRows.sortStart)] : []), desc(pageRows.createdAt), desc(pageRows.id));
}

/** A published course with everything its page shows (D14, D21); null when unknown or a draft. One query. */
export async function getPublishedCourse(slug: string): Promise<CourseDetail | null> {
  const [row] = await db()
    .select({
      ...cardColumns,
      description: courses.description,
      curriculum: courses.curriculum,
      outcomes: courses.outcomes,
      outcomesAr: courses.outcomesAr,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
      categorySlug: categories.slug,
      instructorId: instructors.id,
      instructorName: instructors.name,
      instructorNameAr: instructors.nameAr,
      instructorTitle: instructors.title,
      instructorTitleAr: instructors.titleAr,
      instructorPhotoUrl: instructors.photoUrl,
      instructorBio: instructors.bioShort,
      instructorBioAr: instructors.bioShortAr,
      subcategorySlug: subcategories.slug,
      subcategoryName: subcategories.name,
      subcategoryNameAr: subcategories.nameAr,
    })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .leftJoin(subcategories, and(eq(subcategories.id, courses.subcategoryId), eq(subcategories.isActive, true)))
    .leftJoin(instructors, eq(instructors.id, courses.instructorId))
    .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)))
    .limit(1);
  if (!row) return null;
  return {
    // The course's own price: its page says the price of the start it names from its runs.
    ...toCard({ ...row, seatPrice: null }),
    description: row.description,
    curriculum: textList(row.curriculum),
    outcomes: textList(row.outcomes),
    outcomesAr: textList(row.outcomesAr),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    instructor:
      row.instructorId !== null && row.instructorName !== null
        ? {
            name: row.instructorName,
            nameAr: row.instructorNameAr,
            title: row.instructorTitle,
            titleAr: row.instructorTitleAr,
            photoUrl: row.instructorPhotoUrl,
            bio: row.instructorBio,
            bioAr: row.instructorBioAr,
            anchor: instructorBioId(row.instructorId),
          }
        : null,
    category:
      row.categorySlug !== null && row.categoryName !== null
        ? { slug: row.categorySlug, name: row.categoryName, nameAr: row.categoryNameAr }
        : null,
    subcategory:
      row.subcategorySlug !== null && row.subcategoryName !== null
        ? { slug: row.subcategorySlug, name: row.subcategoryName, nameAr: row.subcategoryNameAr }
        : null,
  };
}

/** The non-empty strings of a stored JSON list (anything else in it is ignored). */
function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && item.trim() !== "") : [];
}

/** How many related courses a course page shows. */
export const RELATED_COURSES_LIMIT = 3;

/**
 * Up to three other published courses of the category of the published course `slug`, newest first, as
 * cards; none when the course is unknown, a draft or has no category. One query.
 */
export async function listRelatedCourses(slug: string): Promise<CourseCard[]> {
  const self = db()
    .select({ id: courses.id, categoryId: courses.categoryId })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)))
    .as("self");
  const rows = await db()
    .select(cardColumns)
    .from(courses)
    .innerJoin(self, and(eq(courses.categoryId, self.categoryId), ne(courses.id, self.id)))
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(eq(courses.isPublished, true))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(RELATED_COURSES_LIMIT);
  return rows.map(toCard);
}

/** Instructors for the About page, by name. One query. */
export function listPublicInstructors(): Promise<PublicInstructor[]> {
  return db()
    .select(instructorProfileColumns)
    .from(instructors)
    .orderBy(asc(instructors.name), asc(instructors.id));
}

async function readAboutFigures(): Promise<AboutFigures> {
  const [{ about }, counted] = await Promise.all([
    readSiteSettings(db(), ["about"]),
    db().select({ n: count() }).from(courses).where(eq(courses.isPublished, true)),
  ]);
  return {
    yearsOfExperience: about.yearsOfExperience,
    partners: about.partners,
    students: about.students,
    availableCourses: Number(counted[0]?.n ?? 0),
  };
}
const keptAboutFigures = perVersion(readAboutFigures);

/**
 * The About page's key figures: three from the 'about' setting (D12), available courses counted. Two
 * queries; with `version` (the request's content version) kept per instance for that version.
 */
export function getAboutFigures(version?: string): Promise<AboutFigures> {
  return version ? keptAboutFigures(version) : readAboutFigures();
}

/**
 * What a published course's sharing image is made of (app/lib/og-image.server.ts): its title, thumbnail
 * and language, and the brand name from Settings in that language (null: the caller's default). Null for
 * a draft or an unknown slug. Two queries.
 */
export async function getCourseShareSource(
  slug: string,
): Promise<{ slug: string; title: string; thumbnailUrl: string | null; language: CourseLanguage; brand: string | null } | null> {
  const [course, settings] = await Promise.all([getPublishedCourse(slug), readSiteSettings(db(), ["brand"])]);
  if (!course) return null;
  const name = settings.brand.name;
  const brand = (course.language === "ar" ? name?.ar || name?.en : name?.en || name?.ar) || null;
  return { slug: course.slug, title: course.title, thumbnailUrl: course.thumbnailUrl, language: course.language, brand };
}
