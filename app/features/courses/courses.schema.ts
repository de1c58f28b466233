// Admin course form and list rules (SPEC §2 Admin Courses and the course form, §5 Course, §9; D18, D21,
// D22), shared by the browser (instant feedback) and the server (the action and the domain functions
// re-check). No server imports here. Error messages are locale keys ("coursesAdmin.errors.*" in
// app/locales/<lng>/admin-courses.json); each field reports the first rule it breaks (`abort`).
import { editVersion, optionalTextOrNull } from "~/lib/validation.schema.ts";
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import type { RunIntent, RunReplyFields } from "./course-runs.schema.ts";
import { westernDigitsInput } from "~/lib/digits.ts";
import { initials } from "~/lib/initials.ts";
import { slugify } from "~/lib/slug.ts";
import { documentFileName } from "~/lib/file-name.ts";
import { isOneOf } from "~/lib/validation.ts";

export const COURSE_LANGUAGES = ["en", "ar"] as const;
export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];
export const COURSE_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** SPEC §5/§9 field limits, plus the bounds of the database columns (integer hours, numeric(10,2) price). */
export const COURSE_LIMITS = {
  title: 200,
  slug: 100,
  summary: 500,
  description: 5000,
  hoursMin: 1,
  hoursMax: 10_000,
  priceMin: 0,
  priceMax: 99_999_999.99,
  curriculumItems: 100,
  curriculumItem: 200,
  documents: 50,
  documentName: 255,
  /** SPEC §9: PDFs up to 50 MB. */
  documentBytes: 50 * 1024 * 1024,
  thumbnailUrl: 500,
  /** Issue 19: "What you will learn", per language (the column's check allows 30). */
  outcomesItems: 30,
  outcomesItem: 200,
  /** The home page's order number: 0 comes first. */
  featuredOrderMax: 9999,
} as const;

/** Rows per page of the admin list. */
export const ADMIN_COURSES_PAGE_SIZE = 20;
/** At most this many courses in one bulk publish/unpublish. */
export const BULK_MAX = 100;

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
/** Keys the document upload generates (never a client-chosen path; the server checks the file exists). */
export const DOCUMENT_KEY_PATTERN = /^documents\/[a-f0-9]{32}\.pdf$/;

export const COURSE_ERRORS = {
  titleRequired: "coursesAdmin.errors.titleRequired",
  titleTooLong: "coursesAdmin.errors.titleTooLong",
  slugRequired: "coursesAdmin.errors.slugRequired",
  slugTooLong: "coursesAdmin.errors.slugTooLong",
  slugFormat: "coursesAdmin.errors.slugFormat",
  slugTaken: "coursesAdmin.errors.slugTaken",
  summaryTooLong: "coursesAdmin.errors.summaryTooLong",
  descriptionTooLong: "coursesAdmin.errors.descriptionTooLong",
  languageRequired: "coursesAdmin.errors.languageRequired",
  hoursMin: "coursesAdmin.errors.hoursMin",
  hoursInteger: "coursesAdmin.errors.hoursInteger",
  hoursMax: "coursesAdmin.errors.hoursMax",
  priceNonNegative: "coursesAdmin.errors.priceNonNegative",
  priceStep: "coursesAdmin.errors.priceStep",
  priceInvalid: "coursesAdmin.errors.priceInvalid",
  priceMax: "coursesAdmin.errors.priceMax",
  levelInvalid: "coursesAdmin.errors.levelInvalid",
  curriculumTooMany: "coursesAdmin.errors.curriculumTooMany",
  curriculumItemTooLong: "coursesAdmin.errors.curriculumItemTooLong",
  outcomesTooMany: "coursesAdmin.errors.outcomesTooMany",
  outcomesItemTooLong: "coursesAdmin.errors.outcomesItemTooLong",
  featuredOrderInvalid: "coursesAdmin.errors.featuredOrderInvalid",
  instructorInvalid: "coursesAdmin.errors.instructorInvalid",
  categoryInvalid: "coursesAdmin.errors.categoryInvalid",
  subcategoryInvalid: "coursesAdmin.errors.subcategoryInvalid",
  subcategoryMismatch: "coursesAdmin.errors.subcategoryMismatch",
  thumbnailInvalid: "coursesAdmin.errors.thumbnailInvalid",
  documentsInvalid: "coursesAdmin.errors.documentsInvalid",
  documentsTooMany: "coursesAdmin.errors.documentsTooMany",
  courseInvalid: "coursesAdmin.errors.courseInvalid",
  selectionInvalid: "coursesAdmin.errors.selectionInvalid",
  invalidRequest: "coursesAdmin.errors.invalidRequest",
  notFound: "coursesAdmin.errors.notFound",
  saveFailed: "coursesAdmin.errors.saveFailed",
  deleteFailed: "coursesAdmin.errors.deleteFailed",
  statusFailed: "coursesAdmin.errors.statusFailed",
} as const;

const uuid = (error: string) => z.uuid({ error });

/** An optional reference: empty means none. */
const optionalRef = (error: string) =>
  z
    .union([z.literal(""), uuid(error)], { error })
    .optional()
    .nullable()
    .transform((v) => v || null);

/** Curriculum (D21): an ordered list of module titles; blank lines are dropped. */
export const curriculumSchema = z
  .array(z.string({ error: COURSE_ERRORS.curriculumItemTooLong }), { error: COURSE_ERRORS.curriculumItemTooLong })
  .transform((items) => items.map((s) => s.replace(/\s+/g, " ").trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().max(COURSE_LIMITS.curriculumItem, { error: COURSE_ERRORS.curriculumItemTooLong }))
      .max(COURSE_LIMITS.curriculumItems, { error: COURSE_ERRORS.curriculumTooMany }),
  );

/** "What you will learn" (issue 19), in one language: at most 30 trimmed items; blank lines are dropped. */
export const outcomesSchema = z
  .array(z.string({ error: COURSE_ERRORS.outcomesItemTooLong }), { error: COURSE_ERRORS.outcomesItemTooLong })
  .transform((items) => items.map((s) => s.replace(/\s+/g, " ").trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().max(COURSE_LIMITS.outcomesItem, { error: COURSE_ERRORS.outcomesItemTooLong }))
      .max(COURSE_LIMITS.outcomesItems, { error: COURSE_ERRORS.outcomesTooMany }),
  );

/** The textarea's value: one module title per line. */
export function curriculumFromText(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

export function curriculumToText(items: readonly string[]): string {
  return items.join("\n");
}

/**
 * One document as the upload component reports it. `id` names an existing row (its key is then
 * ignored: the stored one stands); a new upload has no id and a generated `documents/…pdf` key.
 */
export const documentItemSchema = z.object({
  id: uuid(COURSE_ERRORS.documentsInvalid).optional(),
  key: z.string({ error: COURSE_ERRORS.documentsInvalid }).max(200, { error: COURSE_ERRORS.documentsInvalid }),
  // Cleaned as at upload: no path, control or bidi characters, always `.pdf` (issue 14 item 9).
  fileName: z
    .string({ error: COURSE_ERRORS.documentsInvalid })
    .trim()
    .min(1, { error: COURSE_ERRORS.documentsInvalid })
    .max(COURSE_LIMITS.documentName, { error: COURSE_ERRORS.documentsInvalid })
    .transform(documentFileName),
  fileType: z
    .string({ error: COURSE_ERRORS.documentsInvalid })
    .trim()
    .max(50, { error: COURSE_ERRORS.documentsInvalid })
    .optional()
    .transform((v) => v || "PDF"),
  size: z
    .number({ error: COURSE_ERRORS.documentsInvalid })
    .int({ error: COURSE_ERRORS.documentsInvalid })
    .min(0, { error: COURSE_ERRORS.documentsInvalid })
    .max(COURSE_LIMITS.documentBytes, { error: COURSE_ERRORS.documentsInvalid }),
  // Issue 38 item 4: shown to the course's confirmed students in their area.
  forStudents: z.boolean({ error: COURSE_ERRORS.documentsInvalid }).optional().default(false),
});
export type DocumentItem = z.output<typeof documentItemSchema>;

export const documentListSchema = z
  .array(documentItemSchema, { error: COURSE_ERRORS.documentsInvalid })
  .max(COURSE_LIMITS.documents, { error: COURSE_ERRORS.documentsTooMany })
  .superRefine((items, ctx) => {
    const ids = new Set<string>();
    const keys = new Set<string>();
    for (const item of items) {
      if (item.id) {
        if (ids.has(item.id)) ctx.addIssue({ code: "custom", message: COURSE_ERRORS.documentsInvalid });
        ids.add(item.id);
      } else {
        // A new upload: only a key the upload generated, each once.
        if (!DOCUMENT_KEY_PATTERN.test(item.key) || keys.has(item.key)) {
          ctx.addIssue({ code: "custom", message: COURSE_ERRORS.documentsInvalid });
        }
        keys.add(item.key);
      }
    }
  });

/** The fields of a course as the domain functions take them (already typed). */
export const courseValuesSchema = z.object({
  title: z
    .string({ error: COURSE_ERRORS.titleRequired })
    .trim()
    .min(1, { error: COURSE_ERRORS.titleRequired, abort: true })
    .max(COURSE_LIMITS.title, { error: COURSE_ERRORS.titleTooLong }),
  slug: z
    .string({ error: COURSE_ERRORS.slugRequired })
    .trim()
    .min(1, { error: COURSE_ERRORS.slugRequired, abort: true })
    .max(COURSE_LIMITS.slug, { error: COURSE_ERRORS.slugTooLong, abort: true })
    .regex(SLUG_PATTERN, { error: COURSE_ERRORS.slugFormat }),
  summary: optionalTextOrNull(COURSE_LIMITS.summary, COURSE_ERRORS.summaryTooLong),
  description: optionalTextOrNull(COURSE_LIMITS.description, COURSE_ERRORS.descriptionTooLong),
  language: z.enum(COURSE_LANGUAGES, { error: COURSE_ERRORS.languageRequired }),
  instructorId: optionalRef(COURSE_ERRORS.instructorInvalid),
  categoryId: optionalRef(COURSE_ERRORS.categoryInvalid),
  subcategoryId: optionalRef(COURSE_ERRORS.subcategoryInvalid),
  // Arabic-Indic digits (and "٫" as the decimal point) typed in hours and price are read as 0–9 (D26).
  hours: z
    .preprocess(
      westernDigitsInput<number>,
      z
        .number({ error: COURSE_ERRORS.hoursInteger })
        .min(COURSE_LIMITS.hoursMin, { error: COURSE_ERRORS.hoursMin, abort: true })
        .int({ error: COURSE_ERRORS.hoursInteger, abort: true })
        .max(COURSE_LIMITS.hoursMax, { error: COURSE_ERRORS.hoursMax }),
    )
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  price: z
    .preprocess(
      westernDigitsInput<number>,
      z
        .number({ error: COURSE_ERRORS.priceInvalid })
        .refine((v) => Number.isFinite(v), { error: COURSE_ERRORS.priceInvalid, abort: true })
        .min(COURSE_LIMITS.priceMin, { error: COURSE_ERRORS.priceNonNegative, abort: true })
        .max(COURSE_LIMITS.priceMax, { error: COURSE_ERRORS.priceMax, abort: true })
        // SPEC step 0.01: at most two decimals (tolerating binary floating point).
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: COURSE_ERRORS.priceStep }),
    )
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined ? null : Math.round(v * 100) / 100)),
  /** SPEC: default true. */
  priceVisible: z.boolean().optional(),
  /** SPEC: default false; needs courses:publish (ignored otherwise). */
  isPublished: z.boolean().optional(),
  level: z
    .union([z.literal(""), z.enum(COURSE_LEVELS)], { error: COURSE_ERRORS.levelInvalid })
    .optional()
    .nullable()
    .transform((v) => v || null),
  curriculum: curriculumSchema.optional().transform((v) => v ?? []),
  /** Issue 19: shown on the home page (published courses only); absent leaves it unchanged. */
  featured: z.boolean().optional(),
  /** The home page's order (0 first; empty: after the numbered ones, newest first). */
  featuredOrder: z
    .preprocess(
      westernDigitsInput<number>,
      z
        .number({ error: COURSE_ERRORS.featuredOrderInvalid })
        .int({ error: COURSE_ERRORS.featuredOrderInvalid, abort: true })
        .min(0, { error: COURSE_ERRORS.featuredOrderInvalid, abort: true })
        .max(COURSE_LIMITS.featuredOrderMax, { error: COURSE_ERRORS.featuredOrderInvalid }),
    )
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  /** "What you will learn" in English and in Arabic; absent leaves them unchanged. */
  outcomes: outcomesSchema.optional(),
  outcomesAr: outcomesSchema.optional(),
  /** '' or null removes it; otherwise the unchanged URL or one under /media/images/ (checked on the server). */
  thumbnailUrl: z
    .string({ error: COURSE_ERRORS.thumbnailInvalid })
    .trim()
    .max(COURSE_LIMITS.thumbnailUrl, { error: COURSE_ERRORS.thumbnailInvalid })
    .optional()
    .nullable()
    .transform((v) => v || null),
  /** The documents in order; absent leaves them unchanged. */
  documents: documentListSchema.optional(),
});
export type CourseValues = z.input<typeof courseValuesSchema>;
export type ParsedCourseValues = z.output<typeof courseValuesSchema>;

function parseJson(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    // Reported as documentsInvalid.
    return null;
  }
}

/**
 * A text field read into a list and checked by `schema`; any problem is reported on the field itself
 * (so the form shows it next to the textarea or the upload, not on a list item).
 */
function listFromText<S extends z.ZodType>(schema: S, read: (text: string) => unknown) {
  return z
    .string()
    .optional()
    .transform((text, ctx): z.output<S> => {
      const result = schema.safeParse(text === undefined ? undefined : read(text));
      if (!result.success) {
        ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? COURSE_ERRORS.invalidRequest });
        return z.NEVER;
      }
      return result.data;
    });
}

/**
 * The form as posted: the curriculum textarea (one title per line) and the documents component's JSON
 * list become arrays; unchecked boxes send nothing, so they read as false; the thumbnail's hidden input
 * is always posted, so an empty one means "removed".
 */
const courseFormFields = courseValuesSchema.extend({
  curriculum: listFromText(curriculumSchema.optional().transform((v) => v ?? []), curriculumFromText),
  documents: listFromText(documentListSchema.optional(), parseJson),
  outcomes: listFromText(outcomesSchema.optional().transform((v) => v ?? []), curriculumFromText),
  outcomesAr: listFromText(outcomesSchema.optional().transform((v) => v ?? []), curriculumFromText),
  priceVisible: z.boolean().default(false),
  isPublished: z.boolean().default(false),
  featured: z.boolean().default(false),
});

export const createCourseSchema = courseFormFields.extend({ intent: z.literal("create") });
export const updateCourseSchema = courseFormFields.extend({
  intent: z.literal("update"),
  courseId: uuid(COURSE_ERRORS.courseInvalid),
  /** The version the form was opened at (app/lib/edit-version.ts). */
  version: editVersion,
});
/** The course form (create or edit): one schema for the browser's checks. */
export const courseFormSchema = z.discriminatedUnion("intent", [createCourseSchema, updateCourseSchema], {
  error: COURSE_ERRORS.invalidRequest,
});

export const deleteCourseSchema = z.object({ intent: z.literal("delete"), courseId: uuid(COURSE_ERRORS.courseInvalid) });
export const togglePublishSchema = z.object({
  intent: z.literal("togglePublish"),
  courseId: uuid(COURSE_ERRORS.courseInvalid),
  published: z.enum(["true", "false"], { error: COURSE_ERRORS.invalidRequest }).transform((v) => v === "true"),
});
const idList = z
  .array(uuid(COURSE_ERRORS.selectionInvalid), { error: COURSE_ERRORS.selectionInvalid })
  .min(1, { error: COURSE_ERRORS.selectionInvalid })
  .max(BULK_MAX, { error: COURSE_ERRORS.selectionInvalid });
export const bulkPublishSchema = z.object({ intent: z.enum(["bulkPublish", "bulkUnpublish"]), ids: idList });

export type CourseIntent = "create" | "update" | "delete" | "togglePublish" | "bulkPublish" | "bulkUnpublish" | RunIntent;

/** What the /admin/courses action reports besides the common part of an AdminReply (the runs' too). */
export interface CourseReplyFields extends RunReplyFields {
  /** The course the action was about. */
  courseId: string;
  title: string;
  /** The published state after a save or a toggle. */
  published: boolean;
  /** Bulk: how many courses changed state. */
  changed: number;
}
export type CoursesReply = AdminReply<CourseIntent, CourseReplyFields>;

// ---------------------------------------------------------------------------------------------------------
// The list: filters, sorting and paging from the URL
// ---------------------------------------------------------------------------------------------------------

export const STATUS_FILTERS = ["all", "published", "draft"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const COURSE_SORTS = ["created_desc", "created_asc", "title_asc", "title_desc", "price_asc", "price_desc"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

/** Longer title searches are cut (no title is longer than 200 characters). */
export const ADMIN_COURSES_QUERY_MAX = 100;

export interface AdminCourseQuery {
  /** Words of the title, found anywhere in it, Arabic-aware (D17); "" for none. */
  q: string;
  status: StatusFilter;
  categoryId?: string;
  language?: CourseLanguage;
  page: number;
  sort: CourseSort;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_RE.test(value);
}

/** Reads the list query from URL parameters; anything unknown falls back to the default (never an error). */
export function parseCourseQuery(params: URLSearchParams): AdminCourseQuery {
  const status = params.get("status");
  const category = params.get("category");
  const language = params.get("language");
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, ADMIN_COURSES_QUERY_MAX),
    status: isOneOf(status, STATUS_FILTERS) ? status : "all",
    categoryId: isUuid(category) ? category : undefined,
    language: isOneOf(language, COURSE_LANGUAGES) ? language : undefined,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    sort: isOneOf(sort, COURSE_SORTS) ? sort : "created_desc",
  };
}

/** Two-letter initials shown when a course has no thumbnail (SPEC table): the first two words' letters. */
export function courseInitials(title: string): string {
  return initials(title, { words: "first-two", singleWord: 2 }) || "?";
}

/** A short random id for `course-<id>` slugs of titles without a letter that can be written in Latin. */
export function shortId(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 6);
}

/**
 * SPEC §4: the slug follows the title while creating; Arabic is transliterated (app/lib/slug.ts), and a
 * title with no letter that can be written in Latin (digits or symbols only) gives `course-<id>`.
 */
export function slugFromTitle(title: string, fallbackId: string): string {
  if (!title.trim()) return "";
  return slugify(title, COURSE_LIMITS.slug) || `course-${fallbackId}`;
}
