// Enrollment requests (SPEC §4, §7; DECISIONS D5, D10).
//
// The enrollment row and its two emails are written in ONE transaction: the provider notification
// (English, reply-to the student) and the student's confirmation (in the student's language). The
// outbox worker sends them after commit, with retries, so a failing mail server never loses a lead.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { courses, enrollments } from "@db/schema/index.ts";
import { enrollmentPagePath, enrollmentPageUrl } from "~/domain/enrollments/enrollment-link.server.ts";
import { renderEnrollmentConfirmationEmail, renderEnrollmentNotificationEmail, type EnrollmentRequestEmail } from "~/emails/enrollment-request.ts";
import { db, type Tx } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import { env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Locale } from "~/lib/i18n.ts";
import { courseHref } from "~/lib/catalog-links.ts";
import { listUpcomingRuns, readRunSeats, type PublicRun } from "~/domain/runs/run-seats.server.ts";
import { notificationLocale } from "~/lib/language-preference.server.ts";
import { localePath, staffPathIn } from "~/lib/locale-url.ts";
import { logger } from "~/lib/logger.server.ts";
import { fieldMessages } from "~/lib/parse-input.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";
import { encodeReadable, randomReadable } from "~/lib/readable-code.server.ts";
import { ENROLLMENT_ERRORS, enrollmentSchema, type EnrollmentInput } from "./enrollment.schema.ts";

export type { EnrollmentInput } from "./enrollment.schema.ts";

/**
 * 'ENR-' + the milliseconds and '-' + 6 random characters (SPEC §3), written in the readable alphabet
 * (no 0/O, 1/I/L: a reference is read aloud on the phone; issue 36 item 6).
 */
export function generateEnrollmentId(now = Date.now()): string {
  return `ENR-${encodeReadable(now)}-${randomReadable(6)}`;
}

/** How long a second request for the same email, course and run is the same request (issue 34 item 10). */
const SAME_REQUEST_WINDOW = sql.raw("interval '10 minutes'");

/**
 * A request already made in the last ten minutes by the same email for the same course and run: a double
 * tap, a resubmitted form, a retry after a slow answer. It is the same request: its reference again, no
 * new row, no second email. Identical requests arriving together are serialised by a transaction-scoped
 * advisory lock on (email, course, run), so the second sees the first's row once it commits.
 */
async function sameRecentRequest(tx: Tx, email: string, courseId: string, runId: string | null): Promise<EnrollmentCreated | null> {
  const key = `enrollment:${email.trim().toLowerCase()}:${courseId}:${runId ?? "-"}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const [row] = await tx
    .select({ enrollmentId: enrollments.enrollmentId, status: enrollments.status })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.courseId, courseId),
        runId ? eq(enrollments.runId, runId) : isNull(enrollments.runId),
        sql`lower(${enrollments.studentEmail}) = lower(${email.trim()})`,
        sql`${enrollments.createdAt} > now() - ${SAME_REQUEST_WINDOW}`,
      ),
    )
    .orderBy(desc(enrollments.createdAt))
    .limit(1);
  return row ? { enrollmentId: row.enrollmentId, waiting: row.status === "waiting" } : null;
}

/**
 * What the visitor is told: the request's ID, whether it joined the waiting list of a full run, and for a
 * request made just now its page's signed path (issue 37 item 3). A repeat of a recent request (same email
 * and course) gets no path: whoever typed that email is not known to be its owner.
 */
export interface EnrollmentCreated {
  enrollmentId: string;
  waiting: boolean;
  pageHref?: string;
}

/** What a bot is answered (a filled honeypot): a request's answer in every way, and nothing stored. */
export function believableReply(locale: Locale): EnrollmentCreated {
  const id = generateEnrollmentId();
  return { enrollmentId: id, waiting: false, pageHref: enrollmentPagePath(locale, id) };
}

/** The runs the enrollment form offers (issue 20): the course's upcoming open runs, soonest first. */
export function listEnrollableRuns(courseId: string): Promise<PublicRun[]> {
  return listUpcomingRuns(db(), courseId);
}

/**
 * Records an enrollment request for a published course and queues its two emails.
 * Issue 20: when the course has upcoming open runs, the request names one of them (`runId`); the run's
 * seats are counted (readRunSeats, without a lock), and a request for a full run joins its waiting list
 * (status 'waiting') instead of 'pending'.
 * Throws AppError bad_request (invalid input, `fields` holds the message keys: among them a missing run
 * or one that is not an open upcoming run of this course) or not_found (draft or unknown course); in
 * both cases nothing is written.
 */
export async function createEnrollment(
  input: EnrollmentInput,
  ctx: { locale: Locale; now?: Date },
): Promise<EnrollmentCreated> {
  // The domain re-checks its input whatever the caller did (cheap, and keeps the invariants here).
  const parsed = enrollmentSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("bad_request", "enrollment.errors.invalid", { fields: fieldMessages(parsed.error.issues) });
  }
  const data = parsed.data;
  const locale = ctx.locale;

  const created = await db().transaction(async (tx): Promise<EnrollmentCreated> => {
    // FOR SHARE: the course cannot be deleted or unpublished under us until commit.
    const [course] = await tx
      .select({ id: courses.id, title: courses.title, slug: courses.slug })
      .from(courses)
      .where(and(eq(courses.id, data.courseId), eq(courses.isPublished, true)))
      .for("share");
    if (!course) throw new AppError("not_found", "enrollment.errors.courseUnavailable");

    const same = await sameRecentRequest(tx, data.studentEmail, course.id, data.runId ?? null);
    if (same) return same;

    // Issue 20: the run and its seats. Read, not locked: a request takes no seat (readRunSeats).
    const now = ctx.now ?? new Date();
    let run: (NonNullable<Awaited<ReturnType<typeof readRunSeats>>>["run"] & { waiting: boolean }) | null = null;
    if (data.runId) {
      const seats = await readRunSeats(tx, data.runId);
      if (!seats || seats.run.courseId !== course.id || seats.run.status !== "open" || seats.run.startsAt <= now) {
        throw new AppError("bad_request", ENROLLMENT_ERRORS.runInvalid, {
          fields: { runId: ENROLLMENT_ERRORS.runInvalid },
        });
      }
      run = { ...seats.run, waiting: seats.full };
    } else if ((await listUpcomingRuns(tx, course.id, { now, limit: 1 })).length > 0) {
      throw new AppError("bad_request", "enrollment.errors.invalid", { fields: { runId: ENROLLMENT_ERRORS.runRequired } });
    }

    // D26: E.164 (the schema read the number in the chosen country); emails show it grouped.
    const studentPhone = data.phoneNumber;
    let id: string | undefined;
    for (let attempt = 0; attempt < 5 && !id; attempt++) {
      const candidate = generateEnrollmentId();
      const rows = await tx
        .insert(enrollments)
        .values({
          enrollmentId: candidate,
          courseId: course.id,
          courseName: course.title,
          studentName: data.studentName,
          studentEmail: data.studentEmail,
          studentPhone,
          currentLevel: null,
          preferredSchedule: null,
          message: data.message ?? null,
          locale,
          status: run?.waiting ? "waiting" : "pending",
          runId: run?.id ?? null,
          // Where it came from (ADR 021), already cleaned by the schema; null when unknown.
          sourcePage: data.sourcePage,
          utmSource: data.utmSource,
          utmMedium: data.utmMedium,
          utmCampaign: data.utmCampaign,
          utmTerm: data.utmTerm,
          utmContent: data.utmContent,
          referrerHost: data.referrerHost,
        })
        .onConflictDoNothing({ target: enrollments.enrollmentId })
        .returning({ enrollmentId: enrollments.enrollmentId });
      id = rows[0]?.enrollmentId;
    }
    if (!id) throw new Error("createEnrollment: could not generate a unique enrollment id");

    const mail = await loadMailContext(tx);
    const request: EnrollmentRequestEmail = {
      id,
      studentName: data.studentName,
      studentEmail: data.studentEmail,
      studentPhone,
      message: data.message,
      course: { id: course.id, title: course.title },
      studentLocale: locale,
      run: run ? { startsAt: run.startsAt, schedule: run.schedule, scheduleAr: run.scheduleAr, mode: run.mode, waiting: run.waiting } : undefined,
    };

    // (a) Provider notification with the SPEC §7 parameters, in the language of the inbox's staff account
    // when it has one, else the student's (D19 revised); replies go to the student.
    if (mail.providerEmail) {
      const staffLang = await notificationLocale(tx, mail.providerEmail, locale);
      const email = renderEnrollmentNotificationEmail({
        locale: staffLang,
        t: emailT(staffLang),
        brand: mail.brandName(staffLang),
        request,
        reviewUrl: `${env().PUBLIC_URL}${staffPathIn(staffLang, ADMIN_PATH.enrollments)}`,
      });
      await enqueueEmail(tx, { kind: "enrollment-notification", to: mail.providerEmail, replyTo: data.studentEmail, ...email });
    } else {
      logger.warn(
        { enrollmentId: id },
        "no provider inbox (site setting contact.email or NOTIFY_EMAIL): enrollment notification not queued",
      );
    }

    // (b) Confirmation to the student, in the student's language.
    const email = renderEnrollmentConfirmationEmail({
      locale,
      t: emailT(locale),
      brand: mail.brandName(locale),
      request,
      courseUrl: `${env().PUBLIC_URL}${localePath(locale, courseHref(course.slug))}`,
      pageUrl: enrollmentPageUrl(env().PUBLIC_URL, locale, id),
    });
    await enqueueEmail(tx, {
      kind: "enrollment-confirmation",
      to: data.studentEmail,
      ...(mail.providerEmail ? { replyTo: mail.providerEmail } : {}),
      ...email,
    });

    return { enrollmentId: id, waiting: run?.waiting ?? false, pageHref: enrollmentPagePath(locale, id) };
  });

  await wakeOutbox();
  return created;
}
