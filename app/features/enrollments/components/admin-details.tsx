// The details of one enrollment with every field (SPEC §2 "a details modal"; §3 Enrollment), and the
// approve / reject controls for a pending one. The page shows it in the dialog kit's frame: a modal with
// JavaScript, a panel on the page (?dialog=details&enrollment=…) without. A request for a course run
// (issue 20) shows the run's start in Cairo time and, when the page gives them, its seats and waiting
// list; its controls take the run's seats into account (RunDecisionActions: "Give a seat" for a request
// on the waiting list, "Approve beyond capacity" for a full run).
import type { ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatPhone, telHref } from "~/lib/phone.ts";
import { Ltr } from "~/components/ui/bidi.tsx";
import { Email } from "~/components/ui/email.tsx";
import type { Locale } from "~/lib/i18n.ts";
import type { EnrollmentsReply } from "../enrollments-admin.schema.ts";
import { CourseDeletedBadge, EnrollmentStatusActions, EnrollmentStatusBadge, type EnrollmentDialogs } from "./admin-status.tsx";
import type { AdminEnrollmentRow } from "../enrollments-admin.server.ts";
import type { Wire } from "~/lib/wire.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { runStartText, type DecisionRun } from "../run-decisions.schema.ts";
import { RunDecisionActions } from "./run-decision-actions.tsx";
import { EnrollmentMoney } from "./admin-money.tsx";
import { FreedSeatOffer } from "./freed-seat-offer.tsx";
import { EnrollmentMoneyForms } from "./admin-money-forms.tsx";
import type { LedgerSummary } from "~/domain/payments/ledger.ts";

/** What the details need: every column of the enrollment (dates may arrive as strings). */
export type AdminEnrollmentView = Wire<AdminEnrollmentRow>;

const SOURCE_ROWS = ["sourcePage", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent", "referrerHost"] as const;

/** Where the request came from (ADR 021): each known value labelled, or "Direct" when there is none. */
function EnrollmentSource({ enrollment: e }: { enrollment: AdminEnrollmentView }) {
  const { t } = useI18n();
  const known = SOURCE_ROWS.filter((key) => e[key]);
  if (known.length === 0) return <span data-testid="enrollment-source">{t("adminEnrollments.details.source.direct")}</span>;
  return (
    <dl data-testid="enrollment-source" className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
      {known.map((key) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{t(`adminEnrollments.details.source.${key}`)}</dt>
          <dd className="min-w-0 break-words" data-source={key}>
            {/* Paths and hosts read left to right and may wrap anywhere (up to 500 characters); a campaign name
                takes its own direction (it may be Arabic). */}
            {key === "sourcePage" || key === "referrerHost" ? (
              <bdi dir="ltr" className="break-all font-mono text-xs">
                {e[key]}
              </bdi>
            ) : (
              <bdi dir="auto">{e[key]}</bdi>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The status, and for a held seat (issue 37) until when it is held, or when its hold ran out. */
function StatusWithHold({ enrollment: e, locale }: { enrollment: AdminEnrollmentView; locale: Locale }) {
  const { t } = useI18n();
  const until = e.holdExpiresAt && (e.status === "approved" || e.status === "expired") ? new Date(e.holdExpiresAt) : null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <EnrollmentStatusBadge status={e.status} />
      {until && (
        <span data-testid="enrollment-hold" className="text-slate-700">
          {t(e.status === "approved" ? "adminEnrollments.holds.heldUntil" : "adminEnrollments.holds.expiredAt", {
            when: `${formatRunMoment(until, locale, "long")} (${t("runs.cairoTime")})`,
          })}
        </span>
      )}
    </span>
  );
}

/** The run of a request: its start in Cairo time, and its seats and waiting list when known. */
function RunSummary({ enrollment: e, run, locale }: { enrollment: AdminEnrollmentView; run: Wire<DecisionRun> | null | undefined; locale: Locale }) {
  const { t } = useI18n();
  const startsAt = run?.startsAt ?? e.runStartsAt;
  if (!startsAt) return <span className="text-slate-600">{t("adminEnrollments.runDecisions.runMissing")}</span>;
  return (
    <div className="space-y-1" data-testid="enrollment-run">
      <time dateTime={new Date(startsAt).toISOString()} className="block">
        {runStartText(t, locale, startsAt)}
      </time>
      {run && (
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          <span data-testid="enrollment-run-seats">
            {run.capacity === null
              ? t("adminEnrollments.runDecisions.seatsUnlimited", { approved: run.approved })
              : t("adminEnrollments.runDecisions.seats", { approved: run.approved, capacity: run.capacity })}
          </span>
          {run.full && <Badge tone="red">{t("adminEnrollments.runDecisions.fullBadge")}</Badge>}
          {run.waiting > 0 && <span>· {t("adminEnrollments.runDecisions.waiting", { count: run.waiting })}</span>}
        </p>
      )}
    </div>
  );
}

/** The request's side in the student area (issue 38 item 7): the student's page, last sign-in, their own changes. */
function studentAreaItems(e: AdminEnrollmentView, f: (key: string) => string, t: (key: string) => string, locale: Locale): [string, ReactNode][] {
  return [
    // The student's own page (its signed link): to open, or to copy and send by WhatsApp.
    ...(e.studentPage
      ? [
          [
            f("studentPage"),
            <a href={e.studentPage} target="_blank" rel="noopener" className="text-teal-900 underline" data-student-page="">
              {t("adminEnrollments.details.openStudentPage")}
            </a>,
          ] as [string, ReactNode],
        ]
      : []),
    // The student area (issue 38): whether the student has signed in, and when last.
    ...(e.studentLastSignInAt !== undefined
      ? [
          [
            f("studentArea"),
            e.studentLastSignInAt ? (
              <span data-student-sign-in="">
                {t("adminEnrollments.details.lastSignIn")}{" "}
                <time dateTime={new Date(e.studentLastSignInAt).toISOString()}>{formatDateTime(e.studentLastSignInAt, locale)}</time>
              </span>
            ) : (
              <span className="text-slate-600" data-student-sign-in="never">
                {t("adminEnrollments.details.neverSignedIn")}
              </span>
            ),
          ] as [string, ReactNode],
        ]
      : []),
    // What the student changed themselves (issue 38 item 7): a proof sent, a withdrawal.
    ...(e.studentChanges && e.studentChanges.length > 0
      ? [
          [
            f("studentChanges"),
            <ul className="space-y-1" data-student-changes="">
              {e.studentChanges.map((c) => (
                <li key={`${c.action}-${new Date(c.at).toISOString()}`}>
                  {t(`adminEnrollments.details.studentChange.${c.action === "enrollment.withdraw" ? "withdraw" : "proof"}`)}{" "}
                  <time dateTime={new Date(c.at).toISOString()} className="text-slate-600">
                    {formatDateTime(c.at, locale)}
                  </time>
                </li>
              ))}
            </ul>,
          ] as [string, ReactNode],
        ]
      : []),
  ];
}

export function AdminEnrollmentDetails({
  enrollment: e,
  run,
  money,
  canVerify = false,
  canRefund = false,
  moneyReply,
  locale,
  canEdit,
  action,
  dialog,
  onDone,
}: {
  enrollment: AdminEnrollmentView;
  /** What the request owes and paid (issue 37), for staff who may see payments. */
  money?: Wire<LedgerSummary> | null;
  canVerify?: boolean;
  /** May give money back (payments:refund). */
  canRefund?: boolean;
  moneyReply?: EnrollmentsReply;
  /** The request's run with its seats (getDecisionRun), when the page loaded it. */
  run?: Wire<DecisionRun> | null;
  locale: Locale;
  canEdit: boolean;
  action: string;
  dialog: EnrollmentDialogs;
  onDone?: (reply: EnrollmentsReply) => void;
}) {
  const { t } = useI18n();
  const f = (key: string) => t(`adminEnrollments.details.fields.${key}`);
  const none = <span className="text-slate-600">{t("adminEnrollments.details.notProvided")}</span>;
  const items: [string, ReactNode][] = [
    [f("enrollmentId"), <Ltr className="font-mono">{e.enrollmentId}</Ltr>],
    [f("status"), <StatusWithHold enrollment={e} locale={locale} />],
    [f("studentName"), <span dir="auto">{e.studentName}</span>],
    [
      f("studentEmail"),
      // Whole (it wraps), so a look-alike cannot hide in a cut; one that mixes alphabets is flagged.
      <a href={`mailto:${e.studentEmail}`} className="block max-w-full text-teal-900 underline">
        <Email value={e.studentEmail} />
      </a>,
    ],
    [
      f("studentPhone"),
      <a href={telHref(e.studentPhone)} className="text-teal-900 underline">
        <Ltr>{formatPhone(e.studentPhone)}</Ltr>
      </a>,
    ],
    [
      f("courseName"),
      <>
        <span dir="auto">{e.courseName}</span>
        {!e.courseId && (
          <span className="ms-2 inline-block align-middle">
            <CourseDeletedBadge />
          </span>
        )}
      </>,
    ],
    // No course id (a UUID says nothing to staff; issue 36 item 14): the name, and the badge once it is deleted.
    ...(e.runId || e.runStartsAt ? [[t("adminEnrollments.runDecisions.run"), <RunSummary enrollment={e} run={run} locale={locale} />] as [string, ReactNode]] : []),
    ...(money && (money.entries.length > 0 || e.status === "approved")
      ? [
          [
            t("adminEnrollments.payments.title"),
            <div className="space-y-3">
              <EnrollmentMoney money={money} approved={e.status === "approved"} locale={locale} />
              {/* Posted to the details' own address: without JavaScript the page comes back with them open. */}
              {((canVerify && e.status === "approved") || (canRefund && money.paid - money.refunded > 0)) && (
                <EnrollmentMoneyForms
                  id={e.id}
                  action={dialog.href("details", e.id)}
                  initialReply={moneyReply}
                  canVerify={canVerify && e.status === "approved"}
                  canRefund={canRefund && money.paid - money.refunded > 0}
                />
              )}
            </div>,
          ] as [string, ReactNode],
        ]
      : []),
    [
      f("message"),
      e.message ? (
        <span dir="auto" className="whitespace-pre-wrap">
          {e.message}
        </span>
      ) : (
        <span className="text-slate-600">{t("adminEnrollments.details.noMessage")}</span>
      ),
    ],
    [f("language"), t(`adminEnrollments.details.languages.${e.locale}`)],
    [f("currentLevel"), e.currentLevel ? <span dir="auto">{e.currentLevel}</span> : none],
    [f("preferredSchedule"), e.preferredSchedule ? <span dir="auto">{e.preferredSchedule}</span> : none],
    [f("createdAt"), <time dateTime={new Date(e.createdAt).toISOString()}>{formatDateTime(e.createdAt, locale)}</time>],
    [f("updatedAt"), <time dateTime={new Date(e.updatedAt).toISOString()}>{formatDateTime(e.updatedAt, locale)}</time>],
    [t("adminEnrollments.details.source.label"), <EnrollmentSource enrollment={e} />],
    ...studentAreaItems(e, f, t, locale),
  ];
  return (
    <div className="space-y-5">
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {items.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-2.5 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="min-w-0 text-sm text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      {canEdit && e.runId && (e.status === "pending" || e.status === "waiting") ? (
        <div className="space-y-3">
          <RunDecisionActions row={e} run={run} action={action} dialog={dialog} onDone={onDone} />
          <div className="flex justify-end">
            <DialogCancel label={t("adminEnrollments.details.close")} />
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {canEdit && e.status === "expired" && run && (
            <div className="basis-full">
              <FreedSeatOffer run={run} action={action} onDone={onDone} />
            </div>
          )}
          {canEdit && <EnrollmentStatusActions row={e} action={action} dialog={dialog} onDone={onDone} />}
          <DialogCancel label={t("adminEnrollments.details.close")} />
        </div>
      )}
    </div>
  );
}
