// What the student's own page shows of their enrollment (issue 37 item 3): read by its reference once the
// link's token is checked (app/domain/enrollments/enrollment-link.server.ts); null for a wrong token or an
// unknown reference alike. Only what the student gave or was told: the course as they asked for it, the
// run (Cairo time), where the request stands, what is due and what they paid.
import { methodsToShow, type MethodToShow } from "~/domain/payments/payment-methods.ts";
import type { Locale } from "~/lib/i18n.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import { and, desc, eq, sql } from "drizzle-orm";
import { auditLog, courseRuns, courses, enrollments } from "@db/schema/index.ts";
import { verifyEnrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { ledgerOf, type LedgerEntry } from "~/domain/payments/ledger.server.ts";
import { proofsOf, type StudentProof } from "~/domain/payments/proofs.server.ts";
import { latestOnlinePayment, onlineOffered } from "~/domain/payments/online.server.ts";
import type { OnlinePaymentStatus } from "@db/schema/index.ts";
import type { OnlineNote, PayOnlineTexts } from "./components/student-pay-online.tsx";
import type { ManualMethod } from "~/domain/payments/payment-methods.ts";
import { db } from "~/lib/db.server.ts";
import { runSessions, type RunSchedule } from "~/domain/runs/run-sessions.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { mayWithdraw } from "~/domain/enrollments/withdraw.server.ts";
import { isConfirmed } from "~/domain/enrollments/confirmed-seats.server.ts";
import type { EnrollmentStatus } from "./enrollments-admin.schema.ts";

export interface StudentPayment {
  at: string;
  amountPiastres: number;
  method: string;
  kind: "payment" | "refund";
  /** A payment's receipt number. */
  receipt: string | null;
}

export interface StudentEnrollment {
  reference: string;
  studentName: string;
  courseName: string;
  /** The course's page while it is published (its slug), else null. */
  courseSlug: string | null;
  status: EnrollmentStatus;
  /** Until when an approved, unpaid seat is held (Cairo time shown); or when an expired hold ran out. */
  holdExpiresAt: string | null;
  requestedAt: string;
  /** When staff decided (approved or rejected), the hold expired or the student withdrew; null while pending or waiting. */
  decidedAt: string | null;
  run: { startsAt: string; endsAt: string | null; schedule: string | null; scheduleAr: string | null; mode: string; location: string | null; locationAr: string | null } | null;
  money: { due: number; paid: number; balance: number; payments: StudentPayment[] } | null;
  /** How to pay by hand (Settings → Payments), in the page's language, while an approved seat owes money. */
  methods: MethodToShow[];
  /**
   * The methods a proof of payment may name, while one can be sent: the request owes money and is approved
   * or its hold just expired (the student may have paid late: staff decide). Empty otherwise.
   */
  proofMethods: ManualMethod[];
  /** The proofs sent, newest first, with where each stands. */
  proofs: StudentProof[];
  /** Paying online (Paymob): offered while an approved seat owes money; the latest attempt's state. */
  online: { offered: boolean; latest: OnlinePaymentStatus | null };
  /**
   * A confirmed seat's sessions (approved, nothing left to pay) in Cairo time, and a live run's joining link
   * (issue 38 item 3); null before the seat is confirmed. Only this page and the calendar file show them.
   */
  sessions: { list: { number: number; startsAt: string; endsAt: string }[]; joinUrl: string | null } | null;
  /** Whether the student may withdraw it here (issue 38 item 2): open, and nothing paid or being checked. */
  withdrawable: boolean;
  /** Open but paid (or a proof is being checked): cancelling is staff's, with a refund. */
  paidOpen: boolean;
}

/** The "what next" line's key for where the request stands (strings: myEnrollmentNext.*, server only). */
function nextKey(e: StudentEnrollment): string {
  if (e.status !== "approved") return e.status;
  if (!e.money || e.money.due <= 0) return "approvedFree";
  if (e.money.balance <= 0) return "approvedPaid";
  // Held until a deadline; once money was received the hold ended and the rest is paid as agreed.
  return e.holdExpiresAt ? "approvedUnpaid" : "approvedPartial";
}

/** What the student should do next, in the page's language, with the hold's deadline in Cairo time. */
export function nextText(e: StudentEnrollment, t: (key: string, options?: Record<string, unknown>) => string, locale: Locale): string {
  const deadline = e.holdExpiresAt ? `${formatRunMoment(e.holdExpiresAt, locale, "long")} (${t("myEnrollment.cairoTime")})` : undefined;
  return t(`myEnrollmentNext.${nextKey(e)}`, deadline ? { deadline } : undefined);
}

/**
 * A confirmed seat's sessions and a live run's joining link; the link is gone once the run is over (its last
 * session ended, or its end date passed), so an old page never sends anyone into a later group's meeting.
 */
function confirmedSessions(row: {
  runStartsAt: Date;
  runEndsAt: Date | null;
  sessionMinutes: number | null;
  repeatFrequency: RunSchedule["repeatFrequency"];
  repeatCount: number | null;
  mode: string | null;
  joinUrl: string | null;
}, now: Date = new Date()): NonNullable<StudentEnrollment["sessions"]> {
  // A run over several days without a repeat says its days in words only: no list is made up.
  const list = sessionsKnown(row.runStartsAt, row.runEndsAt, row.repeatFrequency)
    ? runSessions({ startsAt: row.runStartsAt, sessionMinutes: row.sessionMinutes, repeatFrequency: row.repeatFrequency, repeatCount: row.repeatCount })
    : [];
  const lastEnd = list.at(-1)?.endsAt ?? row.runEndsAt;
  const over = lastEnd !== null && lastEnd !== undefined && lastEnd.getTime() < now.getTime();
  return {
    list: list.map((x) => ({ number: x.number, startsAt: x.startsAt.toISOString(), endsAt: x.endsAt.toISOString() })),
    joinUrl: row.mode === "live_online" && !over ? row.joinUrl : null,
  };
}

/** Whether a run's fields give its sessions: repeats set, or one sitting (no end, or within a day). */
function sessionsKnown(startsAt: Date, endsAt: Date | null, repeat: string | null): boolean {
  return repeat !== null || !endsAt || endsAt.getTime() - startsAt.getTime() <= 24 * 60 * 60 * 1000;
}


/**
 * When the request reached its present status: the audit log's last change to it (approve, reject, a hold
 * that expired, a seat given from the waiting list); for a request with no such entry (older data), its
 * first charge (written at approval). Not the row's updatedAt: a payment touches the row too.
 */
async function decidedAt(id: string, status: string, entries: readonly LedgerEntry[]): Promise<Date | null> {
  const [last] = await db()
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "enrollment"), eq(auditLog.entityId, id), sql`${auditLog.data}->>'to' = ${status}`))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return last?.at ?? entries.find((e) => e.kind === "charge")?.createdAt ?? null;
}

export async function getStudentEnrollment(reference: string, token: string | null, locale: Locale): Promise<StudentEnrollment | null> {
  if (!verifyEnrollmentToken(reference, token)) return null;
  const [row] = await db()
    .select({
      id: enrollments.id,
      reference: enrollments.enrollmentId,
      studentName: enrollments.studentName,
      courseName: enrollments.courseName,
      courseSlug: courses.slug,
      coursePublished: courses.isPublished,
      status: enrollments.status,
      holdExpiresAt: enrollments.holdExpiresAt,
      createdAt: enrollments.createdAt,
      updatedAt: enrollments.updatedAt,
      runStartsAt: courseRuns.startsAt,
      runEndsAt: courseRuns.endsAt,
      schedule: courseRuns.schedule,
      scheduleAr: courseRuns.scheduleAr,
      mode: courseRuns.mode,
      location: courseRuns.location,
      locationAr: courseRuns.locationAr,
      sessionMinutes: courseRuns.sessionMinutes,
      repeatFrequency: courseRuns.repeatFrequency,
      repeatCount: courseRuns.repeatCount,
      joinUrl: courseRuns.joinUrl,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, enrollments.runId))
    .where(eq(enrollments.enrollmentId, reference))
    .limit(1);
  if (!row) return null;
  const ledger = await ledgerOf(db(), row.id);
  const decided = row.status !== "pending" && row.status !== "waiting";
  const owes = row.status === "approved" && ledger.balance > 0;
  const mayProve = (row.status === "approved" || row.status === "expired") && ledger.balance > 0;
  const enabled = mayProve ? methodsToShow((await readSiteSettings(db(), ["payments"])).payments, locale) : [];
  const methods = owes ? enabled : [];
  const proofs = await proofsOf(db(), row.id);
  const latest = await latestOnlinePayment(db(), row.id);
  const withdrawable = mayWithdraw(row.status, ledger, proofs.some((p) => p.status === "pending"));
  return {
    reference: row.reference,
    studentName: row.studentName,
    courseName: row.courseName,
    courseSlug: row.coursePublished ? row.courseSlug : null,
    status: row.status,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    requestedAt: row.createdAt.toISOString(),
    decidedAt: decided ? (await decidedAt(row.id, row.status, ledger.entries))?.toISOString() ?? row.updatedAt.toISOString() : null,
    run: row.runStartsAt
      ? {
          startsAt: row.runStartsAt.toISOString(),
          endsAt: row.runEndsAt?.toISOString() ?? null,
          schedule: row.schedule,
          scheduleAr: row.scheduleAr,
          mode: row.mode ?? "live_online",
          location: row.location,
          locationAr: row.locationAr,
        }
      : null,
    money:
      ledger.entries.length > 0
        ? {
            due: ledger.due,
            paid: ledger.paid - ledger.refunded,
            balance: ledger.balance,
            payments: ledger.entries
              .filter((e): e is typeof e & { kind: "payment" | "refund"; method: string } => (e.kind === "payment" || e.kind === "refund") && e.method !== null)
              .map((e) => ({ at: e.createdAt.toISOString(), amountPiastres: e.amountPiastres, method: e.method, kind: e.kind, receipt: e.receiptNumber })),
          }
        : null,
    methods,
    proofMethods: enabled.map((m) => m.method),
    proofs,
    online: { offered: owes && onlineOffered(), latest: latest?.status ?? null },
    withdrawable,
    paidOpen: row.status === "approved" && !withdrawable,
    sessions: row.runStartsAt && isConfirmed(row.status, ledger) ? confirmedSessions({ ...row, runStartsAt: row.runStartsAt }) : null,
  };
}

const ONLINE_ERROR_KEYS: Record<string, string> = { "not-owed": "notOwed", "too-many": "tooManyRequests", unavailable: "unavailable" };

/**
 * The "Pay online" section's words in the page's language (null when there is nothing to show): the form
 * while it is offered, and the notice of `?online=`: back from the checkout (the latest attempt as our
 * records have it) or why paying could not start.
 */
export function payOnlineTexts(t: (key: string) => string, online: StudentEnrollment["online"], note: OnlineNote | null): PayOnlineTexts | null {
  const k = (key: string) => t(`payOnline.${key}`);
  const notice =
    note === "back" && online.latest
      ? { state: online.latest, text: k(`back.${online.latest}`) }
      : note && note !== "back"
        ? { state: "error", text: k(`errors.${ONLINE_ERROR_KEYS[note]}`) }
        : null;
  if (!online.offered && !notice) return null;
  return { title: k("title"), intro: k("intro"), pay: k("pay"), notice, offered: online.offered };
}

/** The "Withdraw" section's words in the page's language (null: nothing to show); see student-withdraw.tsx. */
export interface WithdrawTexts {
  /** The form, while the student may withdraw. */
  form: { summary: string; text: string; button: string } | null;
  /** Open but paid: cancelling is staff's. */
  paidNote: string | null;
  /** Back from the form: done, or why not. */
  notice: { tone: "ok" | "error"; text: string } | null;
}

const WITHDRAW_NOTICES: Record<string, { tone: "ok" | "error"; key: string }> = {
  done: { tone: "ok", key: "done" },
  paid: { tone: "error", key: "errors.paid" },
  "not-open": { tone: "error", key: "errors.notOpen" },
};

export function withdrawTexts(e: StudentEnrollment, t: (key: string) => string, back: string | null): WithdrawTexts | null {
  const k = (key: string) => t(`myEnrollmentWithdraw.${key}`);
  const note = back ? WITHDRAW_NOTICES[back] : undefined;
  const texts: WithdrawTexts = {
    form: e.withdrawable ? { summary: k("summary"), text: k("text"), button: k("button") } : null,
    paidNote: e.paidOpen ? k("paidNote") : null,
    notice: note ? { tone: note.tone, text: k(note.key) } : null,
  };
  return texts.form || texts.paidNote || texts.notice ? texts : null;
}
