// The student's own page of one enrollment (issue 37 item 3): where the request stands (a timeline), the
// course and its group in Cairo time, what to do next, and the money (due, paid, left; each payment). A
// server-rendered page with no interaction of its own: it reads the same without JavaScript, on a phone,
// in both languages (mixed-direction values isolated, Western digits).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { courseHref } from "~/lib/catalog-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres } from "~/lib/money.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { StudentEnrollment } from "../student-enrollment.server.ts";
import type { FormReply } from "~/lib/form-reply.ts";
import { StudentPayMethods } from "./student-pay-methods.tsx";
import { StudentProofForm } from "./student-proof-form.tsx";
import { StudentSessions } from "./student-sessions.tsx";
import { StudentPayOnline, type PayOnlineTexts } from "./student-pay-online.tsx";
import { StudentWithdraw } from "./student-withdraw.tsx";
import type { WithdrawTexts } from "../student-enrollment.server.ts";

type Step = { key: string; done: boolean; at?: string | null; tone?: "bad" };

/** The steps of the request, in order: what happened, and what is still ahead. */
function stepsOf(e: StudentEnrollment): Step[] {
  const paid = e.money !== null && e.money.due > 0 && e.money.balance <= 0;
  const steps: Step[] = [{ key: "requested", done: true, at: e.requestedAt }];
  if (e.status === "waiting") return [...steps, { key: "waiting", done: true }, { key: "review", done: false }];
  if (e.status === "pending") return [...steps, { key: "review", done: false }];
  if (e.status === "rejected") return [...steps, { key: "rejected", done: true, at: e.decidedAt, tone: "bad" }];
  if (e.status === "withdrawn") return [...steps, { key: "withdrawn", done: true, at: e.decidedAt }];
  if (e.status === "expired") return [...steps, { key: "approved", done: true }, { key: "expired", done: true, at: e.holdExpiresAt, tone: "bad" }];
  steps.push({ key: "approved", done: true, at: e.decidedAt });
  if (e.money && e.money.due > 0) steps.push({ key: "paid", done: paid, at: paid ? (e.money.payments.at(-1)?.at ?? null) : null });
  steps.push({ key: "confirmed", done: !e.money || e.money.due <= 0 || paid });
  return steps;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-2.5 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function StudentEnrollmentPage({
  enrollment: e,
  token,
  locale,
  proof,
  payOnline,
  next,
  withdraw,
}: {
  enrollment: StudentEnrollment;
  token: string;
  locale: Locale;
  /** Back from sending a proof (`sent`), or the refusal of one just posted. */
  proof: { sent: boolean; reply: FormReply | undefined };
  /** The "Pay online" section's words (from the loader), or null when it has nothing to show. */
  payOnline: PayOnlineTexts | null;
  /** What to do next, in the page's language (from the loader: only this status's words reach the page). */
  next: string;
  /** The "Withdraw" section's words (from the loader), or null. */
  withdraw: WithdrawTexts | null;
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const m = (key: string, options?: Record<string, unknown>) => t(`myEnrollment.${key}`, options);
  const paidInFull = e.status === "approved" && e.money !== null && e.money.due > 0 && e.money.balance <= 0;
  const run = e.run;
  const schedule = run ? (locale === "ar" ? run.scheduleAr || run.schedule : run.schedule || run.scheduleAr) : null;
  const place = run?.mode === "on_site" ? (locale === "ar" ? run.locationAr || run.location : run.location || run.locationAr) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-teal-950 sm:text-3xl">{m("heading")}</h1>
      <p className="mt-2 text-sm text-slate-700">
        {m("privateNote")}{" "}
        <Link to={lp("/my")} className="text-teal-900 underline" data-all-requests="">
          {m("allRequests")}
        </Link>
      </p>

      <section aria-labelledby="my-status" className="mt-6 rounded-2xl border border-teal-700 bg-teal-50 p-5">
        <h2 id="my-status" className="text-lg font-semibold text-teal-950">
          {m("statusLabel")}: <span data-status={paidInFull ? "paid" : e.status}>{m(`status.${paidInFull ? "paid" : e.status}`)}</span>
        </h2>
        <p className="mt-2 text-slate-800" data-next="">
          {next}
        </p>
      </section>

      <section aria-labelledby="my-steps" className="mt-6">
        <h2 id="my-steps" className="font-semibold text-slate-900">
          {m("timeline.title")}
        </h2>
        <ol className="mt-3 space-y-3 border-s-2 border-slate-200 ps-5">
          {stepsOf(e).map((s) => (
            <li key={s.key} data-step={s.key} data-done={s.done || undefined} className="relative">
              <span
                aria-hidden="true"
                className={`absolute -start-[1.65rem] top-1 size-3 rounded-full ${s.tone === "bad" ? "bg-red-700" : s.done ? "bg-teal-700" : "border-2 border-slate-300 bg-white"}`}
              />
              <span className={s.done ? "font-medium text-slate-900" : "text-slate-600"}>{m(`timeline.${s.key}`)}</span>
              {s.at && (
                <time dateTime={s.at} className="ms-2 text-sm text-slate-600">
                  {formatDateTime(s.at, locale)}
                </time>
              )}
            </li>
          ))}
        </ol>
      </section>

      <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
        <Row label={m("reference")}>
          <bdi dir="ltr" className="font-mono">
            {e.reference}
          </bdi>
        </Row>
        <Row label={m("course")}>
          <bdi dir="auto">{e.courseName}</bdi>
          {e.courseSlug && (
            <Link to={lp(courseHref(e.courseSlug))} className="ms-3 text-teal-900 underline">
              {m("coursePage")}
            </Link>
          )}
        </Row>
        {run && (
          <Row label={m("group")}>
            <span className="block">
              {m("starts")}: <time dateTime={run.startsAt}>{formatRunMoment(run.startsAt, locale, "long")}</time> ({m("cairoTime")})
            </span>
            {run.endsAt && (
              <span className="block">
                {m("ends")}: <time dateTime={run.endsAt}>{formatRunMoment(run.endsAt, locale, "date")}</time>
              </span>
            )}
            {schedule && (
              <span className="block">
                {m("schedule")}: <bdi dir="auto">{schedule}</bdi>
              </span>
            )}
            <span className="block">
              {m("modeLabel")}: {m(`modes.${run.mode}`)}
            </span>
            {place && (
              <span className="block">
                {m("place")}: <bdi dir="auto">{place}</bdi>
              </span>
            )}
          </Row>
        )}
      </dl>

      {e.sessions && <StudentSessions sessions={e.sessions} calendarHref={`${lp(`/enrollment/${encodeURIComponent(e.reference)}/calendar.ics`)}?t=${token}`} locale={locale} />}
      {e.money && <StudentMoney enrollment={e} money={e.money} token={token} locale={locale} />}
      <StudentPayOnline
        action={`${lp(`/enrollment/${encodeURIComponent(e.reference)}/pay`)}`}
        token={token}
        texts={payOnline}
        balancePiastres={Math.max(0, e.money?.balance ?? 0)}
        locale={locale}
      />
      <StudentPayMethods methods={e.methods} reference={e.reference} />
      <StudentProofForm
        action={`${lp(`/enrollment/${encodeURIComponent(e.reference)}`)}?t=${token}`}
        methods={e.proofMethods}
        balancePiastres={Math.max(0, e.money?.balance ?? 0)}
        proofs={e.proofs}
        sent={proof.sent}
        reply={proof.reply}
        locale={locale}
      />
      <StudentWithdraw action={lp(`/enrollment/${encodeURIComponent(e.reference)}/withdraw`)} token={token} texts={withdraw} />
    </article>
  );
}

/** What is due, paid and left, the deadline while a seat is held, and each payment with its receipt. */
function StudentMoney({ enrollment: e, money: sums, token, locale }: { enrollment: StudentEnrollment; money: NonNullable<StudentEnrollment["money"]>; token: string; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const m = (key: string, options?: Record<string, unknown>) => t(`myEnrollment.${key}`, options);
  const money = (piastres: number) => <bdi dir="ltr">{formatPiastres(piastres, locale)}</bdi>;
  return (
    <section aria-labelledby="my-money" className="mt-6 rounded-xl border border-slate-200 p-4" data-testid="my-money">
      <h2 id="my-money" className="font-semibold text-slate-900">
        {m("money.title")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-700">{m("money.due")}</dt>
        <dd data-money="due">{money(sums.due)}</dd>
        <dt className="text-slate-700">{m("money.paid")}</dt>
        <dd data-money="paid">{money(sums.paid)}</dd>
        <dt className="font-semibold">{m("money.balance")}</dt>
        <dd data-money="balance" className="font-semibold">
          {money(Math.max(0, sums.balance))}
        </dd>
        {e.status === "approved" && e.holdExpiresAt && sums.balance > 0 && (
          <>
            <dt className="text-slate-700">{m("money.payBy")}</dt>
            <dd data-money="deadline">
              <time dateTime={e.holdExpiresAt}>{formatRunMoment(e.holdExpiresAt, locale, "long")}</time> ({m("cairoTime")})
            </dd>
          </>
        )}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{m("money.history")}</h3>
      {sums.payments.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{m("money.none")}</p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm">
          {sums.payments.map((p) => (
            <li key={`${p.at}-${p.amountPiastres}`} className="flex flex-wrap gap-x-3">
              <span className="font-medium">
                {m(`money.${p.kind}`)} {money(p.amountPiastres)}
              </span>
              <span className="text-slate-700">{m(`methods.${p.method}`)}</span>
              {p.receipt && (
                <Link
                  to={`${lp(`/enrollment/${encodeURIComponent(e.reference)}/receipt/${encodeURIComponent(p.receipt)}`)}?t=${token}`}
                  className="text-teal-900 underline"
                  data-receipt=""
                >
                  {m("money.receipt")} <bdi dir="ltr">{p.receipt}</bdi>
                </Link>
              )}
              <time dateTime={p.at} className="text-slate-600">
                {formatDateTime(p.at, locale)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
