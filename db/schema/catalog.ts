import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { ENROLLMENT_STATUSES, RUN_MODES, RUN_REPEAT_FREQUENCIES, RUN_STATUSES } from "./run-vocabulary.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();

const SLUG_RE = "^[a-z0-9-]+$";

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    slug: text("slug").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("categories_name_len", sql`char_length(${t.name}) between 1 and 100`),
    check("categories_name_ar_len", sql`${t.nameAr} is null or char_length(${t.nameAr}) <= 100`),
    check("categories_slug_format", sql`char_length(${t.slug}) <= 50 and ${t.slug} ~ '${sql.raw(SLUG_RE)}'`),
    index("categories_name_idx").on(t.name),
  ],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("subcategories_name_len", sql`char_length(${t.name}) between 1 and 100`),
    check("subcategories_name_ar_len", sql`${t.nameAr} is null or char_length(${t.nameAr}) <= 100`),
    check("subcategories_slug_format", sql`char_length(${t.slug}) <= 100 and ${t.slug} ~ '${sql.raw(SLUG_RE)}'`),
    check("subcategories_description_len", sql`${t.description} is null or char_length(${t.description}) <= 500`),
    check("subcategories_sort_order_nonneg", sql`${t.sortOrder} >= 0`),
    index("subcategories_category_order_idx").on(t.categoryId, t.sortOrder, t.name),
  ],
);

export const instructors = pgTable(
  "instructors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    title: text("title"),
    titleAr: text("title_ar"),
    bioShort: text("bio_short"),
    bioShortAr: text("bio_short_ar"),
    photoUrl: text("photo_url"),
    email: text("email"),
    facebook: text("facebook"),
    instagram: text("instagram"),
    linkedin: text("linkedin"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("instructors_name_len", sql`char_length(${t.name}) between 1 and 100`),
    check("instructors_name_ar_len", sql`${t.nameAr} is null or char_length(${t.nameAr}) <= 100`),
    check("instructors_title_len", sql`${t.title} is null or char_length(${t.title}) <= 100`),
    check("instructors_title_ar_len", sql`${t.titleAr} is null or char_length(${t.titleAr}) <= 100`),
    check("instructors_bio_len", sql`${t.bioShort} is null or char_length(${t.bioShort}) <= 2000`),
    check("instructors_bio_ar_len", sql`${t.bioShortAr} is null or char_length(${t.bioShortAr}) <= 2000`),
    index("instructors_name_idx").on(t.name),
  ],
);

/**
 * D17: the search folding of `foldForSearch` (app/lib/arabic.ts) as an immutable SQL expression, for
 * the generated column `courses.search_title`: NFKC, lower case, tashkeel/tatweel/invisible marks
 * removed, alef/ya/ta marbuta/hamza carriers folded, whitespace collapsed and trimmed. Changing it
 * needs a new migration; tests/integration/arabic-fold.test.ts checks that both foldings agree.
 */
export function foldForSearchSql(value: SQL | AnyPgColumn): SQL {
  const removed = String.raw`'[\u064B-\u065F\u0670\u06D6-\u06ED\u0640\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]'`;
  const spaces = String.raw`'[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+'`;
  const from = "'\u0623\u0625\u0622\u0671\u0649\u0629\u0624\u0626'"; // أ إ آ ٱ ى ة ؤ ئ
  const to = "'\u0627\u0627\u0627\u0627\u064A\u0647\u0648\u064A'"; //   ا ا ا ا ي ه و ي
  return sql`btrim(regexp_replace(translate(regexp_replace(lower(normalize(${value}, NFKC)), ${sql.raw(removed)}, '', 'g'), ${sql.raw(from)}, ${sql.raw(to)}), ${sql.raw(spaces)}, ' ', 'g'), ' ')`;
}

export const COURSE_LANGUAGES = ["en", "ar"] as const;
export const COURSE_LEVELS = ["beginner", "intermediate", "advanced"] as const;

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    summary: text("summary"),
    description: text("description"),
    language: text("language").notNull(),
    level: text("level"),
    curriculum: jsonb("curriculum").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    instructorId: uuid("instructor_id").references(() => instructors.id, { onDelete: "set null" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: uuid("subcategory_id").references(() => subcategories.id, { onDelete: "restrict" }),
    thumbnailUrl: text("thumbnail_url"),
    /** Legacy single PDF: moved into course_documents when the course is saved. */
    pdfUrl: text("pdf_url"),
    hours: integer("hours"),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }),
    priceVisible: boolean("price_visible").notNull().default(true),
    isPublished: boolean("is_published").notNull().default(false),
    /** Issue 19: chosen by staff for the home page, shown in `featuredOrder` (then newest first). */
    featured: boolean("featured").notNull().default(false),
    featuredOrder: integer("featured_order"),
    /** Issue 19: "What you will learn", one line per item, in English and in Arabic (either may be empty). */
    outcomes: jsonb("outcomes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    outcomesAr: jsonb("outcomes_ar").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Issue 36 item 15 (ADR 030): who created it; without courses:publish they still see it while it is a draft. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** D17: the folded title, kept up to date by the database; public search matches against it. */
    searchTitle: text("search_title")
      .notNull()
      .generatedAlwaysAs((): SQL => foldForSearchSql(courses.title)),
  },
  (t) => [
    check("courses_title_len", sql`char_length(${t.title}) between 1 and 200`),
    check("courses_slug_format", sql`char_length(${t.slug}) <= 100 and ${t.slug} ~ '${sql.raw(SLUG_RE)}'`),
    check("courses_summary_len", sql`${t.summary} is null or char_length(${t.summary}) <= 500`),
    check("courses_description_len", sql`${t.description} is null or char_length(${t.description}) <= 5000`),
    check("courses_language_check", sql`${t.language} in ('en', 'ar')`),
    check("courses_level_check", sql`${t.level} is null or ${t.level} in ('beginner', 'intermediate', 'advanced')`),
    check("courses_hours_min", sql`${t.hours} is null or ${t.hours} >= 1`),
    check("courses_price_nonneg", sql`${t.price} is null or ${t.price} >= 0`),
    check("courses_featured_order_nonneg", sql`${t.featuredOrder} is null or ${t.featuredOrder} >= 0`),
    check("courses_outcomes_array", sql`jsonb_typeof(${t.outcomes}) = 'array' and jsonb_array_length(${t.outcomes}) <= 30`),
    check("courses_outcomes_ar_array", sql`jsonb_typeof(${t.outcomesAr}) = 'array' and jsonb_array_length(${t.outcomesAr}) <= 30`),
    // Lists are newest first with the id breaking ties (stable pages): each index ends with both, so a
    // page is read in order from the index, with no sort of the whole table (bench/scale.ts). NULLS FIRST
    // is what a plain `desc` means in PostgreSQL; with NULLS LAST the index could not serve that order.
    index("courses_published_created_id_idx").on(t.isPublished, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_language_created_id_idx").on(t.language, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_category_created_id_idx").on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_subcategory_created_id_idx").on(t.subcategoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_instructor_idx").on(t.instructorId),
    // The admin list's other orders: title A–Z (read backwards: Z–A) and price both ways, a missing
    // price counting as 0 (courses-admin.server.ts orderFor).
    index("courses_title_lower_id_idx").on(sql`lower(${t.title})`, t.id),
    index("courses_price_asc_idx").on(sql`coalesce(${t.price}, 0)`, t.createdAt.desc().nullsFirst(), t.id),
    index("courses_price_desc_idx").on(sql`coalesce(${t.price}, 0) desc`, t.createdAt.desc().nullsFirst(), t.id),
    index("courses_published_language_created_id_idx").on(t.isPublished, t.language, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_search_title_trgm_idx").using("gin", t.searchTitle.op("gin_trgm_ops")),
    // The home page's featured row: the few featured published courses in staff's order.
    index("courses_featured_order_idx")
      .on(t.featuredOrder.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.featured} and ${t.isPublished}`),
  ],
);

/** Replaces SPEC's `document_urls` JSON text: one row per course document, in display order. */
export const courseDocuments = pgTable(
  "course_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull().default("PDF"),
    sizeBytes: integer("size_bytes").notNull().default(0),
    position: integer("position").notNull().default(0),
    /** Issue 38 item 4: confirmed students of the course may open it in the student area (view only). */
    forStudents: boolean("for_students").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("course_documents_size_nonneg", sql`${t.sizeBytes} >= 0`),
    index("course_documents_course_idx").on(t.courseId, t.position),
  ],
);

/**
 * Issue 20: a run (cohort) of a course: when it starts and ends (UTC; shown in Cairo time), when it meets
 * (a bilingual schedule text, and for search engines the length of a session, how often and how many
 * times), how it is taught, how many seats it has (null: no limit), its own price when it differs from
 * the course's, and its own instructor when not the course's. Approved requests fill the seats
 * (enrollments.run_id); there is no stored counter: the seat check locks the run row and counts.
 */
export const courseRuns = pgTable(
  "course_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    schedule: text("schedule"),
    scheduleAr: text("schedule_ar"),
    mode: text("mode", { enum: RUN_MODES }).notNull().default("live_online"),
    location: text("location"),
    locationAr: text("location_ar"),
    capacity: integer("capacity"),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }),
    status: text("status", { enum: RUN_STATUSES }).notNull().default("open"),
    instructorId: uuid("instructor_id").references(() => instructors.id, { onDelete: "set null" }),
    /** Minutes per session, how often sessions repeat and how many there are (CourseInstance courseSchedule). */
    sessionMinutes: integer("session_minutes"),
    repeatFrequency: text("repeat_frequency", { enum: RUN_REPEAT_FREQUENCIES }),
    repeatCount: integer("repeat_count"),
    /**
     * A live online run's joining link (issue 38 item 3): shown only to its confirmed students (their page,
     * their calendar), never on a public page, in the page cache, the sitemap, structured data or a log line.
     */
    joinUrl: text("join_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("course_runs_mode_check", sql`${t.mode} in ('live_online', 'self_paced', 'on_site')`),
    check("course_runs_status_check", sql`${t.status} in ('open', 'closed', 'cancelled')`),
    check("course_runs_dates", sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
    check("course_runs_schedule_len", sql`coalesce(char_length(${t.schedule}), 0) <= 200 and coalesce(char_length(${t.scheduleAr}), 0) <= 200`),
    check("course_runs_join_url_len", sql`coalesce(char_length(${t.joinUrl}), 0) <= 500`),
    check("course_runs_location_len", sql`coalesce(char_length(${t.location}), 0) <= 200 and coalesce(char_length(${t.locationAr}), 0) <= 200`),
    check("course_runs_on_site_location", sql`${t.mode} <> 'on_site' or coalesce(${t.location}, ${t.locationAr}) is not null`),
    check("course_runs_capacity_range", sql`${t.capacity} is null or ${t.capacity} between 1 and 10000`),
    check("course_runs_price_nonneg", sql`${t.price} is null or ${t.price} >= 0`),
    check("course_runs_session_minutes_range", sql`${t.sessionMinutes} is null or ${t.sessionMinutes} between 1 and 1440`),
    check("course_runs_repeat_frequency_check", sql`${t.repeatFrequency} is null or ${t.repeatFrequency} in ('daily', 'weekly', 'monthly')`),
    check("course_runs_repeat_count_range", sql`${t.repeatCount} is null or ${t.repeatCount} between 1 and 1000`),
    // A course's runs in date order (course page, course form, the card's next start).
    index("course_runs_course_starts_idx").on(t.courseId, t.startsAt),
    // Open runs by date across courses (home "Starting soon", dashboard's next runs, catalogue sort).
    index("course_runs_open_starts_idx").on(t.startsAt, t.courseId).where(sql`${t.status} = 'open'`),
    index("course_runs_instructor_idx").on(t.instructorId),
  ],
);

export { ENROLLMENT_STATUSES, RUN_MODES, RUN_REPEAT_FREQUENCIES, RUN_STATUSES } from "./run-vocabulary.ts";

/** The separator between the searchable fields of an enrollment (U+001F, never in a search query). */
export const ENROLLMENT_SEARCH_SEPARATOR = "\u001f";

/** The searchable fields of an enrollment joined by U+001F (the source of `enrollments.search_text`). */
function enrollmentSearchSource(): SQL {
  const e = enrollments;
  return sql`${e.studentName} || chr(31) || ${e.studentEmail} || chr(31) || ${e.studentPhone} || chr(31) || replace(${e.studentPhone}, ' ', '') || chr(31) || ${e.enrollmentId} || chr(31) || ${e.courseName}`;
}

export const enrollments = pgTable(
  "enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: text("enrollment_id").notNull().unique(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    courseName: text("course_name").notNull(),
    /** Issue 20: the run asked for (null: none chosen, or the course has no runs, or the run was deleted). */
    runId: uuid("run_id").references(() => courseRuns.id, { onDelete: "set null" }),
    studentName: text("student_name").notNull(),
    studentEmail: text("student_email").notNull(),
    studentPhone: text("student_phone").notNull(),
    currentLevel: text("current_level"),
    preferredSchedule: text("preferred_schedule"),
    message: text("message"),
    locale: text("locale").notNull().default("en"),
    status: text("status", { enum: ENROLLMENT_STATUSES }).notNull().default("pending"),
    /**
     * Issue 37 item 2: an approved, priced request holds its seat until this moment unless money is
     * received; then the hold ends (null). Kept on an expired request: when its hold ran out.
     */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /**
     * Issue 19 point 10, where the request came from (first-party, no cross-site tracking): the site path
     * the form was sent from, the visit's utm_* parameters and the host of the referring site.
     */
    sourcePage: text("source_page"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    referrerHost: text("referrer_host"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * D17: what the admin search matches (student name, email, phone with and without spaces, enrollment
     * id, course name), folded like `foldForSearch` and kept up to date by the database. The fields are
     * joined by U+001F, which the search query never contains, so a match never spans two fields.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => foldForSearchSql(enrollmentSearchSource())),
  },
  (t) => [
    check("enrollments_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'waiting', 'expired', 'withdrawn')`),
    check("enrollments_locale_check", sql`${t.locale} in ('en', 'ar')`),
    check("enrollments_student_name_len", sql`char_length(${t.studentName}) between 1 and 200`),
    check("enrollments_student_email_len", sql`char_length(${t.studentEmail}) between 3 and 254`),
    check("enrollments_message_len", sql`${t.message} is null or char_length(${t.message}) <= 5000`),
    check("enrollments_source_page_len", sql`${t.sourcePage} is null or char_length(${t.sourcePage}) <= 500`),
    check(
      "enrollments_utm_len",
      sql`coalesce(char_length(${t.utmSource}), 0) <= 100 and coalesce(char_length(${t.utmMedium}), 0) <= 100 and coalesce(char_length(${t.utmCampaign}), 0) <= 100 and coalesce(char_length(${t.utmTerm}), 0) <= 100 and coalesce(char_length(${t.utmContent}), 0) <= 100`,
    ),
    check("enrollments_referrer_host_len", sql`${t.referrerHost} is null or char_length(${t.referrerHost}) <= 253`),
    // Admin list order (newest first, id breaks ties) with and without the status filter, the
    // counters (index-only), and the trigram search (issue 6).
    index("enrollments_created_id_idx").on(t.createdAt.desc(), t.id.desc()),
    index("enrollments_status_created_id_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("enrollments_course_status_idx").on(t.courseId, t.status),
    // A course's requests by id alone, read from the index (Admin › Payments filtered by course, issue 37).
    index("enrollments_course_id_idx").on(t.courseId, t.id),
    // Issue 20: a run's seats (approved), its waiting list in order of arrival, and the list's run filter.
    index("enrollments_run_status_created_idx").on(t.runId, t.status, t.createdAt, t.id),
    // Issue 37 item 2: the holds to expire, soonest first (the sweeper's read).
    // A student's requests, by their email in any case (the student area, issue 38; "Email me the link").
    index("enrollments_email_lower_idx").on(sql`lower(${t.studentEmail})`),
    index("enrollments_hold_expires_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'approved' and ${t.holdExpiresAt} is not null`),
    index("enrollments_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/**
 * How many enrollments have each status, kept up to date by statement triggers on `enrollments`
 * (migration 0003, with transition tables: one write per status per statement). The admin counters
 * and the unfiltered list total read these three rows instead of counting the whole table.
 */
export const enrollmentStatusCounts = pgTable("enrollment_status_counts", {
  status: text("status").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});

/**
 * Enrollment requests per calendar day in Cairo (the dashboard's time zone, DASHBOARD_TIME_ZONE), every
 * status, kept up to date by statement triggers on `enrollments` (migration 0004). The dashboard's weekly
 * chart sums a few dozen of these rows instead of counting the enrollments of twelve weeks.
 */
export const enrollmentDailyCounts = pgTable("enrollment_daily_counts", {
  day: date("day", { mode: "string" }).primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull().default("en"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_messages_name_len", sql`char_length(${t.name}) between 1 and 200`),
    check("contact_messages_email_len", sql`char_length(${t.email}) between 3 and 254`),
    check("contact_messages_message_len", sql`char_length(${t.message}) between 1 and 5000`),
    check("contact_messages_locale_check", sql`${t.locale} in ('en', 'ar')`),
    index("contact_messages_created_idx").on(t.createdAt.desc()),
  ],
);

/** Instructor login accounts (SPEC instructor_profiles), D7: hashed password + encrypted copy, expiry in UTC. */
export const instructorAccounts = pgTable(
  "instructor_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    instructorId: uuid("instructor_id")
      .notNull()
      .unique()
      .references(() => instructors.id, { onDelete: "cascade" }),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    passwordEncrypted: text("password_encrypted").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    durationHours: integer("duration_hours").notNull().default(0),
    durationMinutes: integer("duration_minutes").notNull().default(0),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    isActivated: boolean("is_activated").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** The instructor's language for the portal (D19 revised); null until first chosen. */
    locale: text("locale"),
    createdAt: createdAt(),
  },
  (t) => [
    check("instructor_accounts_locale_check", sql`${t.locale} is null or ${t.locale} in ('en', 'ar')`),
    check("instructor_accounts_hours", sql`${t.durationHours} between 0 and 24`),
    check("instructor_accounts_minutes", sql`${t.durationMinutes} between 0 and 59`),
  ],
);

/** Instructor sessions (D7): an HTTP-only cookie carries the token; only its SHA-256 is stored. */
export const instructorSessions = pgTable(
  "instructor_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => instructorAccounts.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("instructor_sessions_account_idx").on(t.accountId)],
);

export const rolePermissions = pgTable("role_permissions", {
  roleName: text("role_name").primaryKey(),
  /** Granted permission keys, e.g. ["courses:view", "courses:edit"]. */
  permissions: jsonb("permissions").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: updatedAt(),
});

/** Editable site settings (D12): one row per key, JSON value (bilingual texts hold {en, ar}). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    data: jsonb("data"),
    createdAt: createdAt(),
  },
  (t) => [
    // The log's page order (newest first, id breaking ties), unfiltered and by entity; NULLS FIRST is
    // what a plain `desc` means, so these indexes serve the page without sorting the log (bench/scale.ts).
    index("audit_log_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_log_entity_created_id_idx").on(t.entity, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
  ],
);

export { EMAIL_STATUSES } from "./email-statuses.ts";

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow().notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** What the email is about ("enrollment:<id>"), so withdrawing a decision can find its email. */
    ref: text("ref"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "email_outbox_status_check",
      sql`${t.status} in ('pending', 'sending', 'sent', 'logged', 'failed', 'cancelled')`,
    ),
    index("email_outbox_ref_idx").on(t.ref),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt.desc()),
  ],
);
