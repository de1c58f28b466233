// Admin courses (SPEC §2 Admin Courses and the course form, §4 course publish / thumbnail / legacy PDF,
// §5 Course, §8; D2, D8, D18, D21, D22). Every function takes the acting staff member first and asks the
// permission gate itself, so no caller can skip the check. Each write is one transaction with its audit
// line; files are removed from storage only after the transaction that forgot them has committed.
// Drafts exist only for staff with courses:publish: every query below narrows `courses` with
// course-visibility.server.ts, so a draft's id is "not found" (404) for anyone else, read or write.
import { and, asc, count, eq, inArray, like, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { categories, courseDocuments, courseRuns, courses, enrollments, instructors, subcategories } from "@db/schema/index.ts";
import { foldForSearch } from "~/lib/arabic.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { assertCurrentVersion } from "~/lib/edit-conflict.server.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { db, type Tx } from "~/lib/db.server.ts";
import { hasErrorCode, isUniqueViolation, PG_ERROR } from "~/lib/error-codes.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { containsPattern } from "~/lib/like-pattern.ts";
import { logger } from "~/lib/logger.server.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { hasPermission, requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { parseInput } from "~/lib/parse-input.ts";
import { seesDraftCourses, visibleCourse, visibleCourses } from "~/domain/courses/course-visibility.server.ts";
import {
  deleteStoredDocument,
  deleteStoredImage,
  isDocumentKey,
  isUploadedImageUrl,
  storedDocumentSize,
} from "~/lib/uploads.server.ts";
import {
  ADMIN_COURSES_PAGE_SIZE,
  ADMIN_COURSES_QUERY_MAX,
  BULK_MAX,
  COURSE_ERRORS,
  courseValuesSchema,
  isUuid,
  type AdminCourseQuery,
  type CourseLanguage,
  type CourseLevel,
  type CourseSort,
  type CourseValues,
  type DocumentItem,
  type StatusFilter,
} from "./courses.schema.ts";

export interface AdminCourseRow {
  id: string;
  title: string;
  slug: string;
  language: CourseLanguage;
  thumbnailUrl: string | null;
  categoryName: string | null;
  categoryNameAr: string | null;
  price: number | null;
  /** Approved enrollment requests: the students enrolled, as the public course page counts them. */
  approvedCount: number;
  /** Requests still waiting for a decision, shown apart from the enrolled ones. */
  pendingCount: number;
  isPublished: boolean;
  /** Issue 19: chosen for the home page. */
  featured: boolean;
  createdAt: Date;
  /** Issue 20: how many runs the course has (the "Runs (N)" action). */
  runCount: number;
}

export interface AdminCourseList {
  rows: AdminCourseRow[];
  total: number;
  /** The page shown: the requested one clamped to [1, pageCount]. */
  page: number;
  pageCount: number;
  pageSize: number;
  /** The query applied: without courses:publish the status is always "published" (SPEC §6, D18). */
  query: AdminCourseQuery;
  canSeeDrafts: boolean;
}

export interface CourseDocumentView {
  id: string;
  key: string;
  fileName: string;
  fileType: string;
  size: number;
  /** Shown to the course's confirmed students (issue 38 item 4). */
  forStudents: boolean;
}

export interface AdminCourseDetail {
  /** The version the edit form carries (app/lib/edit-version.ts): a save over a newer one is refused. */
  version: string;
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  description: string | null;
  language: CourseLanguage;
  level: CourseLevel | null;
  curriculum: string[];
  instructorId: string | null;
  categoryId: string | null;
  subcategoryId: string | null;
  thumbnailUrl: string | null;
  pdfUrl: string | null;
  hours: number | null;
  price: number | null;
  priceVisible: boolean;
  isPublished: boolean;
  featured: boolean;
  featuredOrder: number | null;
  outcomes: string[];
  outcomesAr: string[];
  documents: CourseDocumentView[];
  /** Issue 20: how many runs the course has (the form's "Runs (N)" link). */
  runCount: number;
}

export interface CourseFormOptions {
  instructors: { id: string; name: string; nameAr: string | null }[];
  /** By English name; the page orders them for its language (app/lib/collation.ts). */
  categories: { id: string; name: string; nameAr: string | null; slug: string }[];
  subcategories: { id: string; name: string; nameAr: string | null; categoryId: string; isActive: boolean; sortOrder: number }[];
}

export interface SavedCourse {
  id: string;
  title: string;
  slug: string;
  isPublished: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

/** The columns a sort reads: the table's, or the same ones read back from the page subquery. */
interface SortColumns {
  id: AnyColumn | SQL;
  title: AnyColumn | SQL;
  price: AnyColumn | SQL;
  createdAt: AnyColumn | SQL;
}

/** The keys of an order, each with its direction; the id always last, so the order is total. */
function sortKeys(sort: CourseSort, c: SortColumns): [SQL, "asc" | "desc"][] {
  switch (sort) {
    case "created_asc":
      return [[sql`${c.createdAt}`, "asc"], [sql`${c.id}`, "asc"]];
    case "title_asc":
      return [[sql`lower(${c.title})`, "asc"], [sql`${c.id}`, "asc"]];
    case "title_desc":
      return [[sql`lower(${c.title})`, "desc"], [sql`${c.id}`, "desc"]];
    // A missing price reads "Free": it sorts with the cheapest.
    case "price_asc":
      return [[sql`coalesce(${c.price}, 0)`, "asc"], [sql`${c.createdAt}`, "desc"], [sql`${c.id}`, "asc"]];
    case "price_desc":
      return [[sql`coalesce(${c.price}, 0)`, "desc"], [sql`${c.createdAt}`, "desc"], [sql`${c.id}`, "asc"]];
    case "created_desc":
    default:
      return [[sql`${c.createdAt}`, "desc"], [sql`${c.id}`, "desc"]];
  }
}

/** ORDER BY items of a sort (served by the courses indexes); `reversed` gives the exact opposite order. */
function orderFor(sort: CourseSort, c: SortColumns = courses, reversed = false): SQL[] {
  return sortKeys(sort, c).map(([key, dir]) => {
    const d = reversed ? (dir === "asc" ? "desc" : "asc") : dir;
    return sql`${key} ${sql.raw(d)}`;
  });
}

/** A column of the page subquery, qualified (a bare name inside the count would be the enrollment's). */
const pageCol = (name: string) => sql`${sql.identifier("page")}.${sql.identifier(name)}`;

/**
 * The admin table: filters, sorting and 20 rows per page, all on the server, in two queries whatever the
 * number of rows (the count, then the page with its category and enrollment count). Without
 * courses:publish only published courses are listed, whatever the request asks (SPEC §6, D18).
 */
export async function listAdminCourses(actor: Actor, input: Partial<AdminCourseQuery> = {}): Promise<AdminCourseList> {
  requirePermission(actor, "courses:view");
  const canSeeDrafts = seesDraftCourses(actor);
  // Without courses:publish there is no status filter: the published courses and their own drafts (ADR 030).
  const status: StatusFilter = canSeeDrafts ? (input.status ?? "all") : "all";
  const categoryId = isUuid(input.categoryId) ? input.categoryId : undefined;
  const language = input.language === "en" || input.language === "ar" ? input.language : undefined;
  const sort: CourseSort = input.sort ?? "created_desc";
  const q = (input.q ?? "").trim().slice(0, ADMIN_COURSES_QUERY_MAX);
  const search = foldForSearch(q);

  const conditions: SQL[] = [];
  const visible = visibleCourses(actor);
  if (visible) conditions.push(visible);
  if (status === "published") conditions.push(eq(courses.isPublished, true));
  if (status === "draft") conditions.push(eq(courses.isPublished, false));
  if (categoryId) conditions.push(eq(courses.categoryId, categoryId));
  if (language) conditions.push(eq(courses.language, language));
  // The public search's rule and index (courses_search_title_trgm_idx): the folded title contains it.
  if (search) conditions.push(like(courses.searchTitle, containsPattern(search)));
  const where = conditions.length ? and(...conditions) : undefined;

  const [counted] = await db().select({ n: count() }).from(courses).where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_COURSES_PAGE_SIZE));
  const requested = Number.isInteger(input.page) && input.page! >= 1 ? input.page! : 1;
  const page = Math.min(requested, pageCount);

  // The page is cut first from `courses` alone (an index serves the usual orders), then only its 20 rows
  // get their category and their enrollment count: joined or counted in the same SELECT, both would
  // also run for every row that OFFSET skips (10 000 counts on a late page). Past the middle the page is
  // read from the other end, in the opposite order, so the last page skips as few rows as the first.
  const skip = (page - 1) * ADMIN_COURSES_PAGE_SIZE;
  const fromEnd = skip > total / 2;
  const limit = fromEnd ? Math.min(ADMIN_COURSES_PAGE_SIZE, total - skip) : ADMIN_COURSES_PAGE_SIZE;
  const pageRows = db()
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      language: courses.language,
      thumbnailUrl: courses.thumbnailUrl,
      categoryId: courses.categoryId,
      price: courses.price,
      isPublished: courses.isPublished,
      featured: courses.featured,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .where(where)
    .orderBy(...orderFor(sort, courses, fromEnd))
    .limit(limit)
    .offset(fromEnd ? Math.max(0, total - skip - limit) : skip)
    .as("page");
  const rows = total
    ? await db()
        .select({
          id: pageRows.id,
          title: pageRows.title,
          slug: pageRows.slug,
          language: pageRows.language,
          thumbnailUrl: pageRows.thumbnailUrl,
          categoryName: categories.name,
          categoryNameAr: categories.nameAr,
          price: pageRows.price,
          // Two probes of the (course_id, status) index per row of the page.
          approvedCount: sql<number>`(select count(*) from ${enrollments} where ${enrollments.courseId} = ${pageCol("id")} and ${enrollments.status} = 'approved')`.mapWith(Number),
          pendingCount: sql<number>`(select count(*) from ${enrollments} where ${enrollments.courseId} = ${pageCol("id")} and ${enrollments.status} = 'pending')`.mapWith(Number),
          // One probe of the (course_id, starts_at) index of course_runs per row.
          runCount: sql<number>`(select count(*) from ${courseRuns} where ${courseRuns.courseId} = ${pageCol("id")})`.mapWith(Number),
          isPublished: pageRows.isPublished,
          featured: pageRows.featured,
          createdAt: pageRows.createdAt,
        })
        .from(pageRows)
        .leftJoin(categories, eq(categories.id, pageRows.categoryId))
        .orderBy(...orderFor(sort, { id: pageCol("id"), title: pageCol("title"), price: pageCol("price"), createdAt: pageCol("created_at") }))
    : [];

  return {
    rows: rows.map((r) => ({
      ...r,
      language: r.language === "ar" ? "ar" : "en",
      price: r.price === null ? null : Number(r.price),
      approvedCount: Number(r.approvedCount) || 0,
      pendingCount: Number(r.pendingCount) || 0,
      runCount: Number(r.runCount) || 0,
    })),
    total,
    page,
    pageCount,
    pageSize: ADMIN_COURSES_PAGE_SIZE,
    query: { q, status, categoryId, language, page, sort },
    canSeeDrafts,
  };
}

/** Instructors, categories and subcategories for the filters and the course form (three queries). */
export async function getCourseFormOptions(actor: Actor): Promise<CourseFormOptions> {
  requirePermission(actor, "courses:view");
  const [instructorRows, categoryRows, subcategoryRows] = await Promise.all([
    db().select({ id: instructors.id, name: instructors.name, nameAr: instructors.nameAr }).from(instructors).orderBy(asc(instructors.name)),
    db()
      .select({ id: categories.id, name: categories.name, nameAr: categories.nameAr, slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.name)),
    db()
      .select({
        id: subcategories.id,
        name: subcategories.name,
        nameAr: subcategories.nameAr,
        categoryId: subcategories.categoryId,
        isActive: subcategories.isActive,
        sortOrder: subcategories.sortOrder,
      })
      .from(subcategories)
      .orderBy(asc(subcategories.sortOrder), asc(subcategories.name)),
  ]);
  return { instructors: instructorRows, categories: categoryRows, subcategories: subcategoryRows };
}

/**
 * A course this staff member may know of (needs courses:view): its id, title and status. A draft without
 * courses:publish, like an unknown or malformed id, is not found.
 */
export async function getVisibleCourse(actor: Actor, courseId: string): Promise<{ id: string; title: string; isPublished: boolean }> {
  requirePermission(actor, "courses:view");
  if (!isUuid(courseId)) throw new AppError("not_found", COURSE_ERRORS.notFound);
  const [row] = await db()
    .select({ id: courses.id, title: courses.title, isPublished: courses.isPublished })
    .from(courses)
    .where(visibleCourse(actor, courseId));
  if (!row) throw new AppError("not_found", COURSE_ERRORS.notFound);
  return row;
}

/** One course with its documents, for the edit form (needs courses:edit; a hidden draft is not found). */
export async function getCourseForEdit(actor: Actor, courseId: string): Promise<AdminCourseDetail> {
  requirePermission(actor, "courses:edit");
  if (!isUuid(courseId)) throw new AppError("not_found", COURSE_ERRORS.notFound);
  const [row] = await db().select().from(courses).where(visibleCourse(actor, courseId));
  if (!row) throw new AppError("not_found", COURSE_ERRORS.notFound);
  const docs = await db()
    .select()
    .from(courseDocuments)
    .where(eq(courseDocuments.courseId, courseId))
    .orderBy(asc(courseDocuments.position), asc(courseDocuments.createdAt));
  const [runs] = await db().select({ n: count() }).from(courseRuns).where(eq(courseRuns.courseId, courseId));
  return {
    version: editVersion(row.updatedAt),
    runCount: Number(runs?.n ?? 0),
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    description: row.description,
    language: row.language === "ar" ? "ar" : "en",
    level: (["beginner", "intermediate", "advanced"] as const).find((l) => l === row.level) ?? null,
    curriculum: stringList(row.curriculum),
    instructorId: row.instructorId,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    thumbnailUrl: row.thumbnailUrl,
    pdfUrl: row.pdfUrl,
    hours: row.hours,
    price: row.price === null ? null : Number(row.price),
    priceVisible: row.priceVisible,
    isPublished: row.isPublished,
    featured: row.featured,
    featuredOrder: row.featuredOrder,
    outcomes: stringList(row.outcomes),
    outcomesAr: stringList(row.outcomesAr),
    documents: docs.map((d) => ({ id: d.id, key: d.storageKey, fileName: d.fileName, fileType: d.fileType, size: d.sizeBytes, forStudents: d.forStudents })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------

/** A jsonb list of strings as stored (anything else is dropped). */
function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
}

function invalid(field: string, messageKey: string): AppError {
  return new AppError("bad_request", messageKey, { fields: { [field]: messageKey } });
}

function parseValues(input: CourseValues) {
  return parseInput(courseValuesSchema, input, COURSE_ERRORS.invalidRequest);
}

/** Files to remove from storage once the transaction has committed (D22). */
interface StorageCleanup {
  images: string[];
  documents: string[];
}

async function cleanStorage(cleanup: StorageCleanup): Promise<void> {
  await Promise.all([
    ...cleanup.images.map((url) =>
      deleteStoredImage(url).catch((err: unknown) => logger.error({ err, url }, "could not remove a replaced image")),
    ),
    ...cleanup.documents.map((key) =>
      deleteStoredDocument(key).catch((err: unknown) => logger.error({ err, key }, "could not remove a course document")),
    ),
  ]);
}

/** The legacy pdf_url as a document row: the URL (or key) stays the storage key, its last segment the name. */
function legacyDocumentName(pdfUrl: string): string {
  let last = pdfUrl.split(/[?#]/)[0]!.split("/").filter(Boolean).pop() ?? "";
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep it as it is
  }
  last = last.trim().slice(0, 255);
  return last || "document.pdf";
}

/** Checks the optional instructor, category and subcategory; a subcategory must belong to the category. */
async function checkReferences(
  tx: Tx,
  values: { instructorId: string | null; categoryId: string | null; subcategoryId: string | null },
): Promise<void> {
  if (values.instructorId) {
    const [row] = await tx.select({ id: instructors.id }).from(instructors).where(eq(instructors.id, values.instructorId));
    if (!row) throw invalid("instructorId", COURSE_ERRORS.instructorInvalid);
  }
  if (values.categoryId) {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, values.categoryId));
    if (!row) throw invalid("categoryId", COURSE_ERRORS.categoryInvalid);
  }
  if (values.subcategoryId) {
    const [row] = await tx
      .select({ categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, values.subcategoryId));
    if (!row) throw invalid("subcategoryId", COURSE_ERRORS.subcategoryInvalid);
    if (row.categoryId !== values.categoryId) throw invalid("subcategoryId", COURSE_ERRORS.subcategoryMismatch);
  }
}

/**
 * New uploads in the submitted list must be files our document upload stored: the key is checked
 * against storage and the stored size replaces the one the browser reported.
 */
async function checkNewDocuments(items: DocumentItem[] | undefined): Promise<DocumentItem[] | undefined> {
  if (!items) return undefined;
  return Promise.all(
    items.map(async (item) => {
      if (item.id) return item;
      const size = isDocumentKey(item.key) ? await storedDocumentSize(item.key) : null;
      if (size === null) throw invalid("documents", COURSE_ERRORS.documentsInvalid);
      return { ...item, size };
    }),
  );
}

/** '' removes; the unchanged URL stays; anything else must be an image our upload stored. */
function checkThumbnail(next: string | null, current: string | null): string | null {
  if (next === null) return null;
  if (next === current) return current;
  if (!isUploadedImageUrl(next, "thumbnail")) throw invalid("thumbnailUrl", COURSE_ERRORS.thumbnailInvalid);
  return next;
}

/**
 * Brings course_documents in line with the submitted list: existing rows are matched by id only (a
 * client-sent key for an existing row is never trusted), new uploads need a generated key no row
 * uses yet, and rows left out are deleted (their files removed after commit).
 */
async function syncDocuments(
  tx: Tx,
  courseId: string,
  submitted: DocumentItem[] | undefined,
  legacyPdfUrl: string | null,
  cleanup: StorageCleanup,
): Promise<{ added: number; removed: number; migratedLegacy: boolean }> {
  const existing = await tx
    .select({ id: courseDocuments.id, key: courseDocuments.storageKey, position: courseDocuments.position, forStudents: courseDocuments.forStudents })
    .from(courseDocuments)
    .where(eq(courseDocuments.courseId, courseId))
    .orderBy(asc(courseDocuments.position), asc(courseDocuments.createdAt));
  let added = 0;
  let removed = 0;
  let nextPosition = existing.length;

  if (submitted) {
    const byId = new Map(existing.map((d) => [d.id, d]));
    for (const item of submitted) {
      if (item.id && !byId.has(item.id)) throw invalid("documents", COURSE_ERRORS.documentsInvalid);
    }
    const newKeys = submitted.filter((d) => !d.id).map((d) => d.key);
    if (newKeys.length) {
      const taken = await tx
        .select({ key: courseDocuments.storageKey })
        .from(courseDocuments)
        .where(inArray(courseDocuments.storageKey, newKeys));
      if (taken.length) throw invalid("documents", COURSE_ERRORS.documentsInvalid);
    }
    const keptIds = new Set(submitted.flatMap((d) => (d.id ? [d.id] : [])));
    const gone = existing.filter((d) => !keptIds.has(d.id));
    if (gone.length) {
      await tx.delete(courseDocuments).where(
        inArray(
          courseDocuments.id,
          gone.map((d) => d.id),
        ),
      );
      cleanup.documents.push(...gone.map((d) => d.key));
      removed = gone.length;
    }
    const inserts: (typeof courseDocuments.$inferInsert)[] = [];
    for (const [position, item] of submitted.entries()) {
      if (item.id) {
        const was = byId.get(item.id)!;
        if (was.position !== position || was.forStudents !== item.forStudents) {
          await tx.update(courseDocuments).set({ position, forStudents: item.forStudents }).where(eq(courseDocuments.id, item.id));
        }
      } else {
        inserts.push({
          courseId,
          storageKey: item.key,
          fileName: item.fileName,
          fileType: item.fileType || "PDF",
          sizeBytes: item.size,
          position,
          forStudents: item.forStudents,
        });
      }
    }
    if (inserts.length) await tx.insert(courseDocuments).values(inserts);
    added = inserts.length;
    nextPosition = submitted.length;
  }

  // SPEC §4 / D23: the legacy single PDF becomes a document row when the course is saved.
  if (legacyPdfUrl) {
    await tx.insert(courseDocuments).values({
      courseId,
      storageKey: legacyPdfUrl,
      fileName: legacyDocumentName(legacyPdfUrl),
      fileType: "PDF",
      sizeBytes: 0,
      position: nextPosition,
    });
  }
  return { added, removed, migratedLegacy: Boolean(legacyPdfUrl) };
}

function mapWriteError(err: unknown, what: string): never {
  if (isAppError(err)) throw err;
  if (isUniqueViolation(err)) throw new AppError("conflict", COURSE_ERRORS.slugTaken, { fields: { slug: COURSE_ERRORS.slugTaken } });
  // A reference deleted between the check and the write.
  if (hasErrorCode(err, PG_ERROR.foreignKeyViolation)) throw new AppError("conflict", COURSE_ERRORS.saveFailed);
  unexpected(err, COURSE_ERRORS.saveFailed, what);
}

/** The columns a save writes as the form gives them (the thumbnail, visibility and publish state are decided apart). */
function courseColumns(values: ReturnType<typeof parseValues>) {
  const { title, slug, summary, description, language, level, curriculum, instructorId, categoryId, subcategoryId, hours, price } = values;
  return { title, slug, summary, description, language, level, curriculum, instructorId, categoryId, subcategoryId, hours, price };
}

/**
 * Create Course. Without courses:publish the course is always a draft, whatever was sent (SPEC §6,
 * D18); price_visible defaults to true and is_published to false (SPEC §5).
 */
export async function createCourse(actor: Actor, input: CourseValues): Promise<SavedCourse> {
  requirePermission(actor, "courses:create");
  const values = parseValues(input);
  const isPublished = hasPermission(actor, "courses:publish") ? (values.isPublished ?? false) : false;
  const cleanup: StorageCleanup = { images: [], documents: [] };
  try {
    const documents = (await checkNewDocuments(values.documents)) ?? [];
    return await db().transaction(async (tx) => {
      await checkReferences(tx, values);
      const thumbnailUrl = checkThumbnail(values.thumbnailUrl, null);
      const [row] = await tx
        .insert(courses)
        .values({
          ...courseColumns(values),
          thumbnailUrl,
          priceVisible: values.priceVisible ?? true,
          isPublished,
          featured: values.featured ?? false,
          featuredOrder: values.featuredOrder,
          outcomes: values.outcomes ?? [],
          outcomesAr: values.outcomesAr ?? [],
          createdBy: actor.id,
        })
        .returning({ id: courses.id });
      const docs = await syncDocuments(tx, row!.id, documents, null, cleanup);
      await recordAudit(tx, actor, {
        action: "create",
        entity: "course",
        entityId: row!.id,
        data: {
          title: values.title,
          slug: values.slug,
          isPublished,
          ...(values.isPublished && !isPublished ? { publishIgnored: true } : {}),
          documents: docs.added,
        },
      });
      return { id: row!.id, title: values.title, slug: values.slug, isPublished };
    });
  } catch (err) {
    mapWriteError(err, "create course failed");
  }
}

const AUDITED_FIELDS = [
  "title",
  "slug",
  "summary",
  "description",
  "language",
  "level",
  "curriculum",
  "instructorId",
  "categoryId",
  "subcategoryId",
  "thumbnailUrl",
  "hours",
  "price",
  "priceVisible",
  "isPublished",
  "featured",
  "featuredOrder",
  "outcomes",
  "outcomesAr",
] as const;

/**
 * Edit course. Without courses:publish only a published course can be edited (a draft is not found) and
 * its published state stays as it was, whatever was sent. A
 * replaced or removed thumbnail and removed documents are deleted from storage (D22); the legacy
 * pdf_url moves into the documents.
 */
export async function updateCourse(actor: Actor, courseId: string, input: CourseValues & { version?: string }): Promise<SavedCourse> {
  requirePermission(actor, "courses:edit");
  if (!isUuid(courseId)) throw new AppError("not_found", COURSE_ERRORS.notFound);
  const values = parseValues(input);
  const canPublish = hasPermission(actor, "courses:publish");
  const cleanup: StorageCleanup = { images: [], documents: [] };
  let saved: SavedCourse;
  try {
    const documents = await checkNewDocuments(values.documents);
    saved = await db().transaction(async (tx) => {
      const [current] = await tx.select().from(courses).where(visibleCourse(actor, courseId)).for("update");
      if (!current) throw new AppError("not_found", COURSE_ERRORS.notFound);
      // A colleague saved since this form was opened: refused, nothing written (issue 35 item 6).
      await assertCurrentVersion(tx, { entity: "course", entityId: courseId, updatedAt: current.updatedAt }, input.version);
      await checkReferences(tx, values);
      const thumbnailUrl = checkThumbnail(values.thumbnailUrl, current.thumbnailUrl);
      const isPublished = canPublish ? (values.isPublished ?? current.isPublished) : current.isPublished;
      const next = {
        ...courseColumns(values),
        thumbnailUrl,
        priceVisible: values.priceVisible ?? current.priceVisible,
        isPublished,
        // Absent (a caller other than the form): the home page choice and the outcomes stay as they were.
        featured: values.featured ?? current.featured,
        featuredOrder: values.featured === undefined ? current.featuredOrder : values.featuredOrder,
        outcomes: values.outcomes ?? stringList(current.outcomes),
        outcomesAr: values.outcomesAr ?? stringList(current.outcomesAr),
      };
      const changed = AUDITED_FIELDS.filter((f) => {
        const before = f === "price" && current.price !== null ? Number(current.price) : current[f];
        return JSON.stringify(before ?? null) !== JSON.stringify(next[f] ?? null);
      });
      await tx
        .update(courses)
        .set({ ...next, pdfUrl: null, updatedAt: new Date() })
        .where(eq(courses.id, courseId));
      const docs = await syncDocuments(tx, courseId, documents, current.pdfUrl, cleanup);
      if (current.thumbnailUrl && current.thumbnailUrl !== thumbnailUrl) cleanup.images.push(current.thumbnailUrl);
      await recordAudit(tx, actor, {
        action: "update",
        entity: "course",
        entityId: courseId,
        data: {
          title: next.title,
          slug: next.slug,
          // No "publishing ignored" here (issue 36 item 14): without courses:publish the form has no publish
          // box, so its absence (read as false) is not a request to unpublish, and drafts are not found.
          changed,
          documents: { added: docs.added, removed: docs.removed, legacyMigrated: docs.migratedLegacy },
        },
      });
      return { id: courseId, title: next.title, slug: next.slug, isPublished };
    });
  } catch (err) {
    mapWriteError(err, "update course failed");
  }
  await cleanStorage(cleanup);
  return saved;
}

/**
 * Delete course (D22): its documents and thumbnail are removed from storage; its enrollments stay, with
 * course_id cleared by the foreign key (SET NULL) and course_name kept. A hidden draft is not found.
 */
export async function deleteCourse(actor: Actor, courseId: string): Promise<{ id: string; title: string }> {
  requirePermission(actor, "courses:delete");
  if (!isUuid(courseId)) throw new AppError("not_found", COURSE_ERRORS.notFound);
  const cleanup: StorageCleanup = { images: [], documents: [] };
  let deleted: { id: string; title: string };
  try {
    deleted = await db().transaction(async (tx) => {
      const [current] = await tx.select().from(courses).where(visibleCourse(actor, courseId)).for("update");
      if (!current) throw new AppError("not_found", COURSE_ERRORS.notFound);
      const docs = await tx
        .select({ key: courseDocuments.storageKey })
        .from(courseDocuments)
        .where(eq(courseDocuments.courseId, courseId));
      const [kept] = await tx.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
      await tx.delete(courses).where(eq(courses.id, courseId));
      cleanup.documents.push(...docs.map((d) => d.key));
      if (current.pdfUrl) cleanup.documents.push(current.pdfUrl);
      if (current.thumbnailUrl) cleanup.images.push(current.thumbnailUrl);
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "course",
        entityId: courseId,
        data: { title: current.title, slug: current.slug, documents: docs.length, enrollmentsKept: Number(kept?.n ?? 0) },
      });
      return { id: courseId, title: current.title };
    });
  } catch (err) {
    unexpected(err, COURSE_ERRORS.deleteFailed, "delete course failed");
  }
  await cleanStorage(cleanup);
  return deleted;
}

/**
 * The status toggle (SPEC §4): needs courses:publish. Without it a draft (or an unknown id) is not found
 * (404) and only a course the actor can see is refused (403), so the answer never reveals a draft.
 */
export async function setCoursePublished(
  actor: Actor,
  courseId: string,
  published: boolean,
): Promise<{ id: string; title: string; isPublished: boolean }> {
  // Not found first (getVisibleCourse: a draft is hidden), then refused; a manager without courses:view
  // is refused for every id alike.
  if (!seesDraftCourses(actor)) await getVisibleCourse(actor, courseId);
  requirePermission(actor, "courses:publish");
  if (!isUuid(courseId)) throw new AppError("not_found", COURSE_ERRORS.notFound);
  try {
    return await db().transaction(async (tx) => {
      const [current] = await tx
        .select({ id: courses.id, title: courses.title, isPublished: courses.isPublished })
        .from(courses)
        .where(visibleCourse(actor, courseId))
        .for("update");
      if (!current) throw new AppError("not_found", COURSE_ERRORS.notFound);
      if (current.isPublished !== published) {
        await tx.update(courses).set({ isPublished: published, updatedAt: new Date() }).where(eq(courses.id, courseId));
        await recordAudit(tx, actor, {
          action: published ? "publish" : "unpublish",
          entity: "course",
          entityId: courseId,
          data: { title: current.title },
        });
      }
      return { id: courseId, title: current.title, isPublished: published };
    });
  } catch (err) {
    unexpected(err, COURSE_ERRORS.statusFailed, "course status update failed");
  }
}

/** Bulk publish or unpublish of the selected courses (needs courses:publish); unknown ids are skipped. */
export async function setCoursesPublished(
  actor: Actor,
  courseIds: readonly string[],
  published: boolean,
): Promise<{ changed: number; requested: number }> {
  requirePermission(actor, "courses:publish");
  const ids = [...new Set(courseIds)];
  if (ids.length === 0 || ids.length > BULK_MAX || !ids.every(isUuid)) {
    throw new AppError("bad_request", COURSE_ERRORS.selectionInvalid);
  }
  try {
    return await db().transaction(async (tx) => {
      const changed = await tx
        .update(courses)
        .set({ isPublished: published, updatedAt: new Date() })
        .where(and(inArray(courses.id, ids), ne(courses.isPublished, published), visibleCourses(actor)))
        .returning({ id: courses.id, title: courses.title });
      for (const row of changed) {
        await recordAudit(tx, actor, {
          action: published ? "publish" : "unpublish",
          entity: "course",
          entityId: row.id,
          data: { title: row.title, bulk: true },
        });
      }
      return { changed: changed.length, requested: ids.length };
    });
  } catch (err) {
    unexpected(err, COURSE_ERRORS.statusFailed, "bulk course status update failed");
  }
}
