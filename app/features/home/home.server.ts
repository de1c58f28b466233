// The home page's data (issue 19 point 1): the featured course cards, the "Starting soon" row (issue 20),
// the category tiles with their published-course counts and the instructors strip. Public data only (no permission check); one query
// per section whatever the number of rows. The cards' shape (`cardColumns`/`toCard`) and the key figures
// (`getAboutFigures`) belong to the catalogue: the route composes them (a feature never imports another
// feature's server module).
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { categories, courseRuns, courses, instructors } from "@db/schema/index.ts";
import { perVersion } from "~/lib/content-version.server.ts";
import { db } from "~/lib/db.server.ts";
import { runHasSeat } from "~/domain/runs/run-seats.server.ts";

/** How a list of course cards is read: the catalogue's `cardColumns` and `toCard`. */
export interface CardSelection<Row, Card> {
  columns: SelectedFields;
  toCard: (row: Row) => Card;
}

/** At most this many course cards on the home page. */
export const HOME_MAX_COURSES = 6;
/** When staff featured fewer than this many, the newest published courses fill the row up to it. */
export const HOME_MIN_COURSES = 3;
/** At most this many cards in the "Starting soon" row (one row of the three-column grid). */
export const HOME_STARTING_SOON = 3;
/** At most this many instructors in the strip. */
export const HOME_MAX_INSTRUCTORS = 8;

export interface HomeCategory {
  id: string;
  slug: string;
  name: string;
  nameAr: string | null;
  /** Published courses of the category (drafts never counted). */
  courseCount: number;
}

export interface HomeInstructor {
  id: string;
  name: string;
  nameAr: string | null;
  title: string | null;
  titleAr: string | null;
  photoUrl: string | null;
}

/**
 * The home page's course cards: the published courses staff featured, by their order number (0 first,
 * unnumbered after) then newest; fewer than three featured are followed by the newest published courses
 * up to three; none featured shows the six newest. One query: the candidates are the first six of the
 * featured index (courses_featured_order_idx) and the six newest published (courses_published_created_id_idx),
 * so only up to twelve rows are read and counted whatever the size of the catalogue.
 */
export async function listHomeCourses<Row, Card>(card: CardSelection<Row, Card>): Promise<Card[]> {
  const featuredIds = db()
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.featured, true), eq(courses.isPublished, true)))
    .orderBy(sql`${courses.featuredOrder} asc nulls last`, sql`${courses.createdAt} desc nulls first`, sql`${courses.id} desc nulls first`)
    .limit(HOME_MAX_COURSES);
  const newestIds = db()
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(sql`${courses.createdAt} desc nulls first`, sql`${courses.id} desc nulls first`)
    .limit(HOME_MAX_COURSES);
  const rows = await db()
    .select({ ...card.columns, homeFeatured: courses.featured })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(and(eq(courses.isPublished, true), sql`${courses.id} in ((${featuredIds}) union (${newestIds}))`))
    .orderBy(
      desc(courses.featured),
      sql`${courses.featuredOrder} asc nulls last`,
      sql`${courses.createdAt} desc nulls first`,
      sql`${courses.id} desc nulls first`,
    );
  const featured = rows.filter((r) => r.homeFeatured === true).length;
  const shown = featured === 0 ? HOME_MAX_COURSES : Math.min(HOME_MAX_COURSES, Math.max(HOME_MIN_COURSES, featured));
  return rows.slice(0, shown).map((row) => card.toCard(row as Row));
}

/**
 * Issue 20, the "Starting soon" row: the published courses whose open runs start next, soonest first (ties
 * by course id), each once at its soonest run, at most HOME_STARTING_SOON; none when no open run lies ahead.
 * One query that reads only what it shows: open runs come in date order from the partial index
 * course_runs_open_starts_idx (starts_at, course_id) where status = 'open'; a run is kept when no open run
 * of its course starts before it (an anti-join probing course_runs_course_starts_idx), its course is read
 * by its key, and the walk stops at the third course. `card.columns` should read the next start at the
 * same `now` (cardColumnsAt(now)): it equals the run's date here.
 */
export async function listStartingSoon<Row, Card>(card: CardSelection<Row, Card>, opts: { now?: Date } = {}): Promise<Card[]> {
  const now = opts.now ?? new Date();
  const earlier = alias(courseRuns, "earlier_run");
  // A run with a seat (issue 36 item 1): the date the course's card shows, and one a visitor can join.
  const firstOfCourse = sql`not exists (select 1 from ${courseRuns} as ${earlier} where ${earlier.courseId} = ${courseRuns.courseId} and ${earlier.status} = 'open' and ${gt(earlier.startsAt, now)} and ${runHasSeat(earlier)} and ${earlier.startsAt} <= ${courseRuns.startsAt} and (${earlier.startsAt} < ${courseRuns.startsAt} or ${earlier.id} < ${courseRuns.id}))`;
  const rows = await db()
    .select(card.columns)
    .from(courseRuns)
    .innerJoin(courses, and(eq(courses.id, courseRuns.courseId), eq(courses.isPublished, true)))
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(and(eq(courseRuns.status, "open"), gt(courseRuns.startsAt, now), runHasSeat(courseRuns), firstOfCourse))
    .orderBy(asc(courseRuns.startsAt), asc(courses.id))
    .limit(HOME_STARTING_SOON);
  return rows.map((row) => card.toCard(row as Row));
}

/**
 * Categories with at least one published course, each with that count, most courses first (then by
 * name). One grouped query.
 */
export async function listHomeCategories(): Promise<HomeCategory[]> {
  const courseCount = count(courses.id);
  const rows = await db()
    .select({ id: categories.id, slug: categories.slug, name: categories.name, nameAr: categories.nameAr, courseCount })
    .from(categories)
    .innerJoin(courses, and(eq(courses.categoryId, categories.id), eq(courses.isPublished, true)))
    .groupBy(categories.id)
    .orderBy(desc(courseCount), asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ ...r, courseCount: Number(r.courseCount) }));
}

/** The instructors strip: instructors teaching a published course first, then by name. One query. */
export function listHomeInstructors(): Promise<HomeInstructor[]> {
  const teaches = sql<boolean>`exists (select 1 from ${courses} where ${courses.instructorId} = ${instructors.id} and ${courses.isPublished})`;
  return db()
    .select({
      id: instructors.id,
      name: instructors.name,
      nameAr: instructors.nameAr,
      title: instructors.title,
      titleAr: instructors.titleAr,
      photoUrl: instructors.photoUrl,
    })
    .from(instructors)
    .orderBy(desc(teaches), asc(instructors.name), asc(instructors.id))
    .limit(HOME_MAX_INSTRUCTORS);
}

export interface HomeData<Card> {
  courses: Card[];
  /** Issue 20: courses whose next run starts soonest (empty: the row is not shown). */
  startingSoon: Card[];
  categories: HomeCategory[];
  instructors: HomeInstructor[];
}

async function readContentSections(): Promise<Pick<HomeData<never>, "categories" | "instructors">> {
  const [homeCategories, homeInstructors] = await Promise.all([listHomeCategories(), listHomeInstructors()]);
  return { categories: homeCategories, instructors: homeInstructors };
}
const keptContentSections = perVersion(readContentSections);

/**
 * The home page's four sections, read in parallel (four queries). With `version` (the request's content
 * version, requestVersion), the category tiles and the instructors strip — content only, unlike the cards,
 * which show each course's next start — are kept per instance for that version
 * (app/lib/content-version.server.ts); the cards are read without waiting for the version.
 */
export async function getHomeData<Row, Card>(
  card: CardSelection<Row, Card>,
  opts: { now?: Date; version?: Promise<string> } = {},
): Promise<HomeData<Card>> {
  const [homeCourses, startingSoon, sections] = await Promise.all([
    listHomeCourses(card),
    listStartingSoon(card, opts),
    opts.version ? opts.version.then(keptContentSections) : readContentSections(),
  ]);
  return { courses: homeCourses, startingSoon, ...sections };
}
