// The instructor's side (SPEC §2 /instructor-login and /instructor-dashboard, §4, §8; D7, D8):
//
// - signInInstructor: 'Invalid email or password.' alike for an unknown email and a wrong password (an
//   unknown email still pays for one Argon2id verification, so timing tells nothing); the expired message
//   only after a correct password; failures limited per client address and per address+account, only
//   slowed per account (RATE_LIMIT_LOGIN, createLoginLimits); the first success marks the account
//   activated; a new session each time.
// - getInstructorPortal: the signed-in instructor and only the courses assigned to them (drafts
//   included) with their materials — the instructor id comes from the session, never from the request —
//   and the runs they teach (issue 20 point 6): runs of those courses and runs whose own instructor is
//   them, with dates, schedule, mode, status and the approved count, never a student's details.
import { instructorNameColumns } from "~/domain/instructors/instructor-columns.server.ts";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { courseDocuments, courseRuns, courses, enrollments, instructorAccounts, instructors } from "@db/schema/index.ts";
import { mimeTypeForDocumentLabel } from "~/components/document-viewer/mime.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { createInstructorSession, type InstructorSession } from "~/lib/instructor-session.server.ts";
import { logDigest, logger } from "~/lib/logger.server.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { hashPassword, verifyPassword } from "~/lib/password.server.ts";
import {
  beginLogin,
  countLoginSuccess,
  createLoginLimits,
  newRateLimitGeneration,
  parseRateLimitSpec,
  type LoginLimits,
} from "~/lib/rate-limit.server.ts";
import { PORTAL_ERRORS, type InstructorLoginInput } from "./accounts.schema.ts";
import {
  PORTAL_RUNS_MAX,
  PORTAL_RUNS_PAST_DAYS,
  type InstructorPortal,
  type PortalCourse,
  type PortalMaterial,
  type PortalRun,
} from "./portal-types.ts";

export type { InstructorPortal, PortalCourse, PortalMaterial, PortalRun };

// ---- rate limits ------------------------------------------------------------------------------------

let limiters: LoginLimits | undefined;

/**
 * Created on first use from RATE_LIMIT_LOGIN (default 20 failures a minute): per address and per
 * address+account a 429, per account a growing delay only (createLoginLimits).
 */
function loginLimiters(): LoginLimits {
  if (!limiters) {
    const spec = parseRateLimitSpec("RATE_LIMIT_LOGIN", parseEnv().RATE_LIMIT_LOGIN, { points: 20, durationSec: 60 });
    limiters = createLoginLimits("instructor-login", spec, PORTAL_ERRORS.tooManyAttempts);
  }
  return limiters;
}

/** Forgets every count and re-reads RATE_LIMIT_LOGIN on next use (tests). */
export function resetInstructorLoginLimits(): void {
  newRateLimitGeneration();
  limiters = undefined;
}

// ---- sign in ----------------------------------------------------------------------------------------

let dummyHash: Promise<string> | undefined;
/** A hash of a random password, verified against for unknown emails so they cost the same time. */
function timingHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

export interface InstructorSignIn {
  token: string;
  expiresAt: Date;
  instructorId: string;
  accountId: string;
  /** The account's own expiry (the session may end earlier, at its 7-day limit). */
  accountExpiresAt: Date;
}

/**
 * Signs an instructor in. Throws AppError: unauthenticated 'Invalid email or password.'; forbidden
 * 'Your account has expired…' (correct password, expired or switched-off account); too_many_requests;
 * internal 'Authentication failed. Please try again.' when the session cannot be started, and
 * 'An unexpected error occurred. Please try again.' for anything else.
 */
export async function signInInstructor(input: InstructorLoginInput, ip: string, now: Date = new Date()): Promise<InstructorSignIn> {
  const email = input.email.trim().toLowerCase();
  const l = loginLimiters();
  // One warn line per refused sign-in, naming the account by a digest (never the address typed).
  try {
    await beginLogin(l, ip, email);
  } catch (err) {
    if (isAppError(err) && err.code === "too_many_requests") {
      logger.warn({ ip, account: logDigest(email) }, "instructor sign-in refused: too many attempts");
    }
    throw err;
  }

  let account: typeof instructorAccounts.$inferSelect | undefined;
  let passwordOk: boolean;
  try {
    [account] = await db().select().from(instructorAccounts).where(eq(instructorAccounts.email, email));
    passwordOk = await verifyPassword({ hash: account?.passwordHash ?? (await timingHash()), password: input.password });
  } catch (err) {
    logger.error({ err }, "instructor sign-in failed unexpectedly");
    throw new AppError("internal", PORTAL_ERRORS.unexpected, { cause: err });
  }
  if (!account || !passwordOk) {
    // Already counted by beginLogin: a failure keeps its point.
    logger.warn({ ip, account: logDigest(email) }, "instructor sign-in refused: wrong email or password");
    throw new AppError("unauthenticated", PORTAL_ERRORS.invalidCredentials);
  }
  // The password was right: only now may the reply say the account has expired.
  if (!account.isActive || account.expiresAt.getTime() <= now.getTime()) {
    // A right password is no failure: its point comes back.
    await countLoginSuccess(l, ip, email);
    logger.info({ ip, instructorAccountId: account.id }, "instructor sign-in refused: account expired or switched off");
    throw new AppError("forbidden", PORTAL_ERRORS.expired);
  }
  const found = account;
  try {
    const session = await db().transaction(async (tx) => {
      if (!found.isActivated) {
        await tx.update(instructorAccounts).set({ isActivated: true }).where(eq(instructorAccounts.id, found.id));
      }
      const created = await createInstructorSession(tx, found, now);
      await recordAudit(
        tx,
        { id: `instructor:${found.instructorId}`, email: found.email, ip },
        { action: "sign_in", entity: "instructor_account", entityId: found.instructorId, data: { firstSignIn: !found.isActivated } },
      );
      return created;
    });
    await countLoginSuccess(l, ip, email);
    return { ...session, instructorId: found.instructorId, accountId: found.id, accountExpiresAt: found.expiresAt };
  } catch (err) {
    unexpected(err, PORTAL_ERRORS.authFailed, "instructor session could not be started", { instructorId: found.instructorId });
  }
}

// ---- the dashboard ----------------------------------------------------------------------------------

/**
 * The runs an instructor teaches that are not over (see PortalRun), soonest first, at most
 * PORTAL_RUNS_MAX: two queries, each on its own index (runs of their courses through
 * courses_instructor_idx and (course_id, starts_at); runs given to them through course_runs_instructor_idx),
 * merged here — an OR across the join would read every run.
 */
export async function listInstructorRuns(instructorId: string, now: Date = new Date()): Promise<PortalRun[]> {
  const since = new Date(now.getTime() - PORTAL_RUNS_PAST_DAYS * 24 * 60 * 60 * 1000);
  const notOver = sql`coalesce(${courseRuns.endsAt}, ${courseRuns.startsAt}) >= ${since.toISOString()}::timestamptz`;
  const approved = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.runId} = ${courseRuns.id} and ${enrollments.status} = 'approved')`;
  const read = (mine: SQL) =>
    db()
      .select({
        id: courseRuns.id,
        courseId: courseRuns.courseId,
        courseTitle: courses.title,
        startsAt: courseRuns.startsAt,
        endsAt: courseRuns.endsAt,
        schedule: courseRuns.schedule,
        scheduleAr: courseRuns.scheduleAr,
        mode: courseRuns.mode,
        location: courseRuns.location,
        locationAr: courseRuns.locationAr,
        status: courseRuns.status,
        capacity: courseRuns.capacity,
        approved,
      })
      .from(courseRuns)
      .innerJoin(courses, eq(courses.id, courseRuns.courseId))
      .where(and(mine, notOver))
      .orderBy(asc(courseRuns.startsAt), asc(courseRuns.id))
      .limit(PORTAL_RUNS_MAX);
  const [ofCourses, given] = await Promise.all([
    read(eq(courses.instructorId, instructorId)),
    read(eq(courseRuns.instructorId, instructorId)),
  ]);
  const byId = new Map<string, PortalRun>();
  for (const r of [...ofCourses, ...given]) byId.set(r.id, { ...r, approved: Number(r.approved) });
  return [...byId.values()]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id))
    .slice(0, PORTAL_RUNS_MAX);
}

/**
 * The signed-in instructor, their courses and their runs. Throws AppError (SPEC §8): not_found
 * 'Instructor not found'; internal 'Failed to get instructor information' / 'Failed to fetch courses
 * for instructor'. Four queries for the courses and runs whatever their number.
 */
export async function getInstructorPortal(session: Pick<InstructorSession, "instructorId">, now: Date = new Date()): Promise<InstructorPortal> {
  let instructor: InstructorPortal["instructor"] | undefined;
  try {
    [instructor] = await db()
      .select(instructorNameColumns)
      .from(instructors)
      .where(eq(instructors.id, session.instructorId));
  } catch (err) {
    logger.error({ err, instructorId: session.instructorId }, "instructor lookup failed");
    throw new AppError("internal", PORTAL_ERRORS.instructorInfoFailed, { cause: err });
  }
  if (!instructor) throw new AppError("not_found", PORTAL_ERRORS.instructorNotFound);

  try {
    const [runs, rows] = await Promise.all([
      listInstructorRuns(instructor.id, now),
      db()
        .select({
          id: courses.id,
          title: courses.title,
          slug: courses.slug,
          summary: courses.summary,
          description: courses.description,
          language: courses.language,
          hours: courses.hours,
          price: courses.price,
          isPublished: courses.isPublished,
          thumbnailUrl: courses.thumbnailUrl,
        })
        .from(courses)
        .where(eq(courses.instructorId, instructor.id))
        .orderBy(desc(courses.createdAt), asc(courses.id)),
    ]);
    const ids = rows.map((r) => r.id);
    const documents = ids.length
      ? await db()
          .select({
            id: courseDocuments.id,
            courseId: courseDocuments.courseId,
            fileName: courseDocuments.fileName,
            fileType: courseDocuments.fileType,
          })
          .from(courseDocuments)
          .where(inArray(courseDocuments.courseId, ids))
          .orderBy(asc(courseDocuments.position), asc(courseDocuments.createdAt))
      : [];
    return {
      instructor,
      runs,
      courses: rows.map((course) => ({
        ...course,
        materials: documents
          .filter((d) => d.courseId === course.id)
          .map((d) => ({
            id: d.id,
            fileName: d.fileName,
            fileType: d.fileType,
            url: `/files/documents/${d.id}`,
            mimeType: mimeTypeForDocumentLabel(d.fileType),
          })),
      })),
    };
  } catch (err) {
    logger.error({ err, instructorId: instructor.id }, "fetching the instructor's courses failed");
    throw new AppError("internal", PORTAL_ERRORS.coursesFailed, { cause: err });
  }
}
