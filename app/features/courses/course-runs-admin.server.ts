// A course's runs in Admin › Courses (issue 20 points 1 and 4): list them with their requests (pending,
// approved, waiting, seats left), add, edit, close, cancel and delete them, and write to a run's approved
// students. Every function takes the acting staff member first and asks the permission gate itself
// (reading: courses:view; changing: courses:edit; messaging: enrollments:edit). A run of a draft course
// is "not found" for staff who may not see drafts (course-visibility.server.ts). Each change is one
// transaction with its audit line (entity "course_run"); a new start or status re-queues the reminders
// of the run's approved students in the same transaction (run-reminders.server.ts).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { courseRuns, courses, enrollments, instructors } from "@db/schema/index.ts";
import { renderRunMessageEmail } from "~/emails/run-message.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { assertCurrentVersion } from "~/lib/edit-conflict.server.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { countRequestsByRun, lockRunSeats, type CourseRunRow } from "~/domain/runs/run-seats.server.ts";
import { seatsLeft, type RunFields, type RunStatus } from "~/domain/runs/run-rules.ts";
import { db, type Executor, type Tx } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import { hasErrorCode, PG_ERROR } from "~/lib/error-codes.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";
import { parseInput } from "~/lib/parse-input.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { rescheduleRunReminders } from "~/domain/runs/run-reminders.server.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { visibleCourse } from "~/domain/courses/course-visibility.server.ts";
import {
  RUN_ERRORS,
  runMessageValuesSchema,
  runValuesSchema,
  type ParsedRunMessage,
  type ParsedRunValues,
  type RunMessagePreview,
  type RunMessageValues,
  type RunValues,
} from "./course-runs.schema.ts";
import { COURSE_ERRORS, isUuid } from "./courses.schema.ts";

/** The outbox kind of a message staff send to a run's students. */
export const RUN_MESSAGE_KIND = "run-message";

/** A run in the admin's runs sheet: its status, its instructor's name and its requests by status. */
export interface AdminRunRow extends RunFields {
  status: RunStatus;
  instructorName: string | null;
  instructorNameAr: string | null;
  /** A live run's joining link (staff only; its students see it on their own pages). */
  joinUrl: string | null;
  pending: number;
  waiting: number;
  /** Requests of any status (a run with requests cannot be deleted). */
  requests: number;
  /** The start has passed (when the list was read). */
  started: boolean;
  /** The version its edit form carries (app/lib/edit-version.ts): a save over a newer one is refused. */
  version: string;
}

export interface AdminCourseRuns {
  course: { id: string; title: string; price: number | null };
  runs: AdminRunRow[];
}

/** At most this many runs in the sheet (upcoming first, then the latest past ones). */
const RUNS_SHOWN = 200;

function notFound(): AppError {
  return new AppError("not_found", RUN_ERRORS.runNotFound);
}

/** The course if this staff member may know of it, else not found. */
async function visibleCourseRow(ex: Executor, actor: Actor, courseId: string) {
  if (!isUuid(courseId)) throw new AppError("not_found", COURSE_ERRORS.notFound);
  const [row] = await ex
    .select({ id: courses.id, title: courses.title, price: courses.price })
    .from(courses)
    .where(visibleCourse(actor, courseId));
  if (!row) throw new AppError("not_found", COURSE_ERRORS.notFound);
  return { ...row, price: row.price === null ? null : Number(row.price) };
}

/**
 * A course's runs with their requests, for the runs sheet (needs courses:view): upcoming runs soonest
 * first, then past runs latest first. Three queries whatever the number of runs.
 */
export async function listCourseRuns(actor: Actor, courseId: string): Promise<AdminCourseRuns> {
  requirePermission(actor, "courses:view");
  const course = await visibleCourseRow(db(), actor, courseId);
  const rows = await db()
    .select({ run: courseRuns, instructorName: instructors.name, instructorNameAr: instructors.nameAr })
    .from(courseRuns)
    .leftJoin(instructors, eq(instructors.id, courseRuns.instructorId))
    .where(eq(courseRuns.courseId, course.id))
    .orderBy(
      sql`(${courseRuns.startsAt} < now())`,
      sql`case when ${courseRuns.startsAt} >= now() then ${courseRuns.startsAt} end asc`,
      desc(courseRuns.startsAt),
      asc(courseRuns.id),
    )
    .limit(RUNS_SHOWN);
  const now = Date.now();
  const counts = await countRequestsByRun(
    db(),
    rows.map((r) => r.run.id),
  );
  return {
    course,
    runs: rows.map(({ run, instructorName, instructorNameAr }) => {
      const c = counts.get(run.id) ?? { pending: 0, approved: 0, rejected: 0, waiting: 0 };
      return {
        id: run.id,
        startsAt: run.startsAt,
        endsAt: run.endsAt,
        schedule: run.schedule,
        scheduleAr: run.scheduleAr,
        mode: run.mode,
        location: run.location,
        locationAr: run.locationAr,
        capacity: run.capacity,
        price: run.price === null ? null : Number(run.price),
        status: run.status,
        instructorId: run.instructorId,
        instructorName,
        instructorNameAr,
        sessionMinutes: run.sessionMinutes,
        repeatFrequency: run.repeatFrequency,
        repeatCount: run.repeatCount,
        joinUrl: run.joinUrl,
        pending: c.pending,
        approved: c.approved,
        waiting: c.waiting,
        requests: c.pending + c.approved + c.waiting + c.rejected,
        seatsLeft: seatsLeft(run.capacity, c.approved),
        started: run.startsAt.getTime() <= now,
        version: editVersion(run.updatedAt),
      };
    }),
  };
}

/** The run (locked for the rest of the transaction) if its course is visible to this staff member. */
async function lockVisibleRun(tx: Tx, actor: Actor, runId: string): Promise<{ run: CourseRunRow; approved: number; courseTitle: string }> {
  if (!isUuid(runId)) throw notFound();
  const locked = await lockRunSeats(tx, runId);
  if (!locked) throw notFound();
  const [course] = await tx.select({ title: courses.title }).from(courses).where(visibleCourse(actor, locked.run.courseId));
  if (!course) throw notFound();
  return { run: locked.run, approved: locked.approved, courseTitle: course.title };
}

function parseRun(input: RunValues): ParsedRunValues {
  return parseInput(runValuesSchema, input, RUN_ERRORS.runInvalid);
}

async function checkInstructor(ex: Executor, instructorId: string | null): Promise<void> {
  if (!instructorId) return;
  const [row] = await ex.select({ id: instructors.id }).from(instructors).where(eq(instructors.id, instructorId));
  if (!row) throw new AppError("bad_request", RUN_ERRORS.instructorInvalid, { fields: { instructorId: RUN_ERRORS.instructorInvalid } });
}

/** The columns a save writes (the start is required by the schema). */
function runColumns(v: ParsedRunValues) {
  return {
    startsAt: v.startsAt!,
    endsAt: v.endsAt,
    schedule: v.schedule,
    scheduleAr: v.scheduleAr,
    mode: v.mode,
    // A location is kept only for on-site runs.
    location: v.mode === "on_site" ? v.location : null,
    locationAr: v.mode === "on_site" ? v.locationAr : null,
    capacity: v.capacity,
    price: v.price,
    status: v.status,
    instructorId: v.instructorId,
    sessionMinutes: v.sessionMinutes,
    repeatFrequency: v.repeatFrequency,
    repeatCount: v.repeatCount,
    // A joining link is kept only for live online runs.
    joinUrl: v.mode === "live_online" ? v.joinUrl : null,
  };
}

function mapWriteError(err: unknown, messageKey: string, what: string): never {
  if (isAppError(err)) throw err;
  // The course or the instructor was deleted between the check and the write.
  if (hasErrorCode(err, PG_ERROR.foreignKeyViolation)) throw new AppError("conflict", messageKey);
  unexpected(err, messageKey, what);
}

/** What the audit line keeps of a run. */
function auditedRun(values: ReturnType<typeof runColumns>) {
  return { ...values, startsAt: values.startsAt.toISOString(), endsAt: values.endsAt?.toISOString() ?? null };
}

/** Adds a run to a course (needs courses:edit). */
export async function createRun(actor: Actor, courseId: string, input: RunValues): Promise<{ id: string }> {
  requirePermission(actor, "courses:edit");
  const values = runColumns(parseRun(input));
  try {
    return await db().transaction(async (tx) => {
      const [course] = await tx
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(isUuid(courseId) ? visibleCourse(actor, courseId) : sql`false`)
        .for("share");
      if (!course) throw new AppError("not_found", COURSE_ERRORS.notFound);
      await checkInstructor(tx, values.instructorId);
      const [row] = await tx.insert(courseRuns).values({ courseId: course.id, ...values }).returning({ id: courseRuns.id });
      await recordAudit(tx, actor, {
        action: "create",
        entity: "course_run",
        entityId: row!.id,
        data: { courseId: course.id, course: course.title, ...auditedRun(values) },
      });
      return { id: row!.id };
    });
  } catch (err) {
    mapWriteError(err, RUN_ERRORS.saveFailed, "create run failed");
  }
}

const AUDITED_FIELDS = [
  "startsAt",
  "endsAt",
  "schedule",
  "scheduleAr",
  "mode",
  "location",
  "locationAr",
  "capacity",
  "price",
  "status",
  "instructorId",
  "sessionMinutes",
  "repeatFrequency",
  "repeatCount",
  "joinUrl",
] as const;

/** What changed between the stored run and the next values (dates by their moment, the price as a number). */
function changedFields(current: CourseRunRow, next: Partial<ReturnType<typeof runColumns>>): string[] {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : v === undefined ? null : v);
  return AUDITED_FIELDS.filter((f) => f in next && JSON.stringify(norm(current[f] === null ? null : f === "price" ? Number(current[f]) : current[f])) !== JSON.stringify(norm(next[f])));
}

/**
 * Saves a run's new values (needs courses:edit). The capacity cannot go below the students already
 * approved. A new start or status re-queues the approved students' reminders in the same transaction.
 */
async function saveRun(
  actor: Actor,
  runId: string,
  next: Partial<ReturnType<typeof runColumns>>,
  kind: "update" | "status",
  version?: string,
): Promise<{ id: string; status: RunStatus }> {
  try {
    return await db().transaction(async (tx) => {
      const { run, approved, courseTitle } = await lockVisibleRun(tx, actor, runId);
      // A colleague saved this run since the form was opened: refused, nothing written (issue 35 item 6).
      await assertCurrentVersion(tx, { entity: "course_run", entityId: run.id, updatedAt: run.updatedAt }, version);
      if (next.capacity !== undefined && next.capacity !== null && next.capacity < approved && next.capacity !== run.capacity) {
        throw new AppError("conflict", RUN_ERRORS.capacityBelowApproved, { fields: { capacity: RUN_ERRORS.capacityBelowApproved } });
      }
      if (next.instructorId !== undefined) await checkInstructor(tx, next.instructorId);
      const changed = changedFields(run, next);
      if (changed.length > 0) {
        await tx
          .update(courseRuns)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(courseRuns.id, run.id));
        if (changed.includes("startsAt") || changed.includes("status") || changed.includes("joinUrl")) await rescheduleRunReminders(tx, run.id);
        await recordAudit(tx, actor, {
          action: kind === "status" ? "status.change" : "update",
          entity: "course_run",
          entityId: run.id,
          data: {
            courseId: run.courseId,
            course: courseTitle,
            changed,
            ...(next.status !== undefined ? { status: next.status } : {}),
            ...(next.startsAt ? { startsAt: next.startsAt.toISOString() } : {}),
          },
        });
      }
      return { id: run.id, status: next.status ?? run.status };
    });
  } catch (err) {
    mapWriteError(err, RUN_ERRORS.saveFailed, "update run failed");
  }
}

/** Edits a run (needs courses:edit); with the version its form was opened at, a newer save is not overwritten. */
export async function updateRun(actor: Actor, runId: string, input: RunValues & { version?: string }): Promise<{ id: string; status: RunStatus }> {
  requirePermission(actor, "courses:edit");
  const values = runColumns(parseRun(input));
  return saveRun(actor, runId, values, "update", input.version);
}

/** Opens, closes or cancels a run (needs courses:edit). */
export async function setRunStatus(actor: Actor, runId: string, status: RunStatus): Promise<{ id: string; status: RunStatus }> {
  requirePermission(actor, "courses:edit");
  const parsed = runValuesSchema.shape.status.safeParse(status);
  if (!parsed.success) throw new AppError("bad_request", RUN_ERRORS.statusInvalid);
  return saveRun(actor, runId, { status: parsed.data }, "status");
}

/**
 * Deletes a run (needs courses:edit). A run that has requests (of any status) is refused: its students'
 * requests would lose their run; cancel it instead.
 */
export async function deleteRun(actor: Actor, runId: string): Promise<{ id: string }> {
  requirePermission(actor, "courses:edit");
  try {
    return await db().transaction(async (tx) => {
      const { run, courseTitle } = await lockVisibleRun(tx, actor, runId);
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(enrollments)
        .where(eq(enrollments.runId, run.id));
      if (Number(held?.n ?? 0) > 0) throw new AppError("conflict", RUN_ERRORS.hasRequests);
      await tx.delete(courseRuns).where(eq(courseRuns.id, run.id));
      // The course page lost a date: its sitemap lastmod (the latest of the course and its runs) must move,
      // and no row of the run is left to carry the time.
      await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, run.courseId));
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "course_run",
        entityId: run.id,
        data: { courseId: run.courseId, course: courseTitle, startsAt: run.startsAt.toISOString(), status: run.status },
      });
      return { id: run.id };
    });
  } catch (err) {
    mapWriteError(err, RUN_ERRORS.deleteFailed, "delete run failed");
  }
}

// ---------------------------------------------------------------------------------------------------------
// The message to a run's approved students
// ---------------------------------------------------------------------------------------------------------

interface Recipient {
  enrollmentId: string;
  studentName: string;
  studentEmail: string;
  locale: Locale;
}

/** The run's approved students, one per email address (the earliest request), in request order. */
async function approvedRecipients(ex: Executor, runId: string): Promise<Recipient[]> {
  const rows = await ex
    .select({
      enrollmentId: enrollments.enrollmentId,
      studentName: enrollments.studentName,
      studentEmail: enrollments.studentEmail,
      locale: enrollments.locale,
    })
    .from(enrollments)
    .where(and(eq(enrollments.runId, runId), eq(enrollments.status, "approved")))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const r of rows) {
    const key = r.studentEmail.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...r, locale: isLocale(r.locale) ? r.locale : "en" });
  }
  return out;
}

/** The message in a student's language, else in the other one. */
function messageFor(message: ParsedRunMessage, locale: Locale): { subject: string; body: string } {
  const en = { subject: message.subject, body: message.body };
  const ar = { subject: message.subjectAr, body: message.bodyAr };
  const [first, second] = locale === "ar" ? [ar, en] : [en, ar];
  return first.subject && first.body ? first : second;
}

function parseMessage(input: RunMessageValues): ParsedRunMessage {
  return parseInput(runMessageValuesSchema, input, RUN_ERRORS.runInvalid);
}

function renderFor(
  message: ParsedRunMessage,
  run: CourseRunRow,
  courseTitle: string,
  locale: Locale,
  studentName: string,
  brandName: (l: Locale) => string,
) {
  const { subject, body } = messageFor(message, locale);
  return renderRunMessageEmail({
    locale,
    t: emailT(locale),
    brand: brandName(locale),
    studentName,
    courseName: courseTitle,
    startsAt: run.startsAt,
    subject,
    body,
  });
}

/**
 * Both emails as students would get them (English and Arabic, each falling back to the other language
 * when left empty), and how many approved students would get one (needs enrollments:edit).
 */
export async function previewRunMessage(
  actor: Actor,
  runId: string,
  input: RunMessageValues,
): Promise<{ runId: string; recipients: number; preview: RunMessagePreview[] }> {
  requirePermission(actor, "enrollments:edit");
  const message = parseMessage(input);
  try {
    return await db().transaction(async (tx) => {
      const { run, courseTitle } = await lockVisibleRun(tx, actor, runId);
      const recipients = await approvedRecipients(tx, run.id);
      const mail = await loadMailContext(tx);
      const preview: RunMessagePreview[] = [];
      for (const locale of ["en", "ar"] as const) {
        const sample = recipients.find((r) => r.locale === locale)?.studentName ?? emailT(locale)("runsAdmin.message.sampleName");
        const email = renderFor(message, run, courseTitle, locale, sample, mail.brandName);
        preview.push({ locale, subject: email.subject, text: email.text });
      }
      return { runId: run.id, recipients: recipients.length, preview };
    });
  } catch (err) {
    unexpected(err, RUN_ERRORS.sendFailed, "run message preview failed");
  }
}

/**
 * Queues one email per approved student of the run, in the student's language (else the other one),
 * with the audit line, in one transaction (needs enrollments:edit). Pending and waiting requests get
 * nothing. Refused when the run has no approved student.
 */
export async function sendRunMessage(actor: Actor, runId: string, input: RunMessageValues): Promise<{ runId: string; sent: number }> {
  requirePermission(actor, "enrollments:edit");
  const message = parseMessage(input);
  let sent: { runId: string; sent: number };
  try {
    sent = await db().transaction(async (tx) => {
      const { run, courseTitle } = await lockVisibleRun(tx, actor, runId);
      const recipients = await approvedRecipients(tx, run.id);
      if (recipients.length === 0) throw new AppError("conflict", RUN_ERRORS.noRecipients);
      const mail = await loadMailContext(tx);
      const byLocale = { en: 0, ar: 0 };
      for (const r of recipients) {
        const email = renderFor(message, run, courseTitle, r.locale, r.studentName, mail.brandName);
        await enqueueEmail(tx, {
          kind: RUN_MESSAGE_KIND,
          to: r.studentEmail,
          ...(mail.providerEmail ? { replyTo: mail.providerEmail } : {}),
          ...email,
        });
        byLocale[r.locale] += 1;
      }
      await recordAudit(tx, actor, {
        action: "message",
        entity: "course_run",
        entityId: run.id,
        data: {
          courseId: run.courseId,
          course: courseTitle,
          count: recipients.length,
          byLocale,
          subject: message.subject || null,
          subjectAr: message.subjectAr || null,
        },
      });
      return { runId: run.id, sent: recipients.length };
    });
  } catch (err) {
    unexpected(err, RUN_ERRORS.sendFailed, "run message failed");
  }
  await wakeOutbox();
  return sent;
}
