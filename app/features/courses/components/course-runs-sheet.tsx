// A course's runs in Admin › Courses (issue 20 points 1 and 4), shown in the dialog kit's frame opened by
// ?dialog=runs&course=…: the list of runs with their requests and seats, and views of the same sheet in
// the URL (&runView=new|edit|delete|cancel|message&run=…): the run form, the delete and cancel
// confirmations, and the message to a run's approved students (preview, then send). Every view is a
// link, so it all works without JavaScript; with it, forms post through fetchers and a success returns
// to the list. Dates are typed and shown in Cairo time, which the sheet says.
import { useCallback, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import type { RunStatus } from "~/domain/runs/run-rules.ts";
import { formatAmount } from "~/lib/format.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AdminRunRow } from "../course-runs-admin.server.ts";
import type { CoursesReply } from "../courses.schema.ts";
import { RunConfirm } from "./runs-sheet/run-confirm.tsx";
import { RunForm } from "./runs-sheet/run-form.tsx";
import { RunMessage } from "./runs-sheet/run-message.tsx";
import { LINK_BUTTON, useRunMoment, type RunsSheetProps } from "./runs-sheet/sheet-parts.tsx";

export type { RunsSheetProps };

const STATUS_TONES: Record<RunStatus, BadgeTone> = { open: "green", closed: "slate", cancelled: "red" };

export function CourseRunsSheet(props: RunsSheetProps) {
  const { view, run } = props;
  const navigate = useNavigate();
  const toList = useCallback(() => void navigate(props.href(), { replace: true, preventScrollReset: true }), [navigate, props]);
  if ((view === "edit" || view === "new") && (view === "new" || run)) return <RunForm {...props} onDone={toList} />;
  if ((view === "delete" || view === "cancel") && run) return <RunConfirm {...props} run={run} kind={view} onDone={toList} />;
  if (view === "message" && run) return <RunMessage {...props} run={run} onDone={toList} />;
  return <RunList {...props} />;
}

// ---------------------------------------------------------------------------------------------------------
// The list

function RunList({ course, runs, canEdit, canMessage, locale, href, action }: RunsSheetProps) {
  const { t } = useI18n();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{canEdit ? t("runsAdmin.intro") : t("runsAdmin.introReadOnly")}</p>
      {canEdit && (
        <Link to={href("new")} replace preventScrollReset className="btn-primary inline-flex px-4 py-2 text-sm">
          {t("runsAdmin.add")}
        </Link>
      )}
      {runs.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t("runsAdmin.empty")}</p>
      ) : (
        <ul aria-label={t("runsAdmin.listLabel")} className="space-y-3">
          {runs.map((r) => (
            <RunItem key={r.id} run={r} coursePrice={course.price} canEdit={canEdit} canMessage={canMessage} locale={locale} href={href} action={action} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RunItem({
  run,
  coursePrice,
  canEdit,
  canMessage,
  locale,
  href,
  action,
}: {
  run: AdminRunRow;
  coursePrice: number | null;
  canEdit: boolean;
  canMessage: boolean;
  locale: Locale;
  href: RunsSheetProps["href"];
  action: string;
}) {
  const { t } = useI18n();
  const moment = useRunMoment(locale);
  const schedule = pickText({ en: run.schedule, ar: run.scheduleAr }, locale);
  const place = pickText({ en: run.location, ar: run.locationAr }, locale);
  const instructor = run.instructorName ? pickText({ en: run.instructorName, ar: run.instructorNameAr }, locale) : null;
  const price = run.price ?? coursePrice;
  const full = run.capacity !== null && run.seatsLeft === 0;
  const date = formatRunMoment(run.startsAt, locale, "date");
  const fact = (label: string, value: ReactNode) => (
    <div className="flex flex-wrap gap-x-1.5">
      <dt className="font-medium text-slate-700">{label}:</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`run-${run.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`run-${run.id}`} className="font-semibold text-slate-900">
          <time dateTime={new Date(run.startsAt).toISOString()}>{moment(run.startsAt)}</time>
        </h3>
        <span className="flex flex-wrap gap-1.5">
          <Badge tone={STATUS_TONES[run.status]}>{t(`runsAdmin.status.${run.status}`)}</Badge>
          {run.started && <Badge tone="muted">{t("runsAdmin.past")}</Badge>}
          {full && <Badge tone="amber">{t("runsAdmin.row.full")}</Badge>}
        </span>
      </div>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {run.endsAt && fact(t("runsAdmin.row.ends"), moment(run.endsAt))}
        {fact(t("runsAdmin.row.mode"), t(`runs.mode.${run.mode}`))}
        {schedule && fact(t("runsAdmin.row.schedule"), <bdi>{schedule}</bdi>)}
        {run.mode === "on_site" && place && fact(t("runsAdmin.row.location"), <bdi>{place}</bdi>)}
        {fact(t("runsAdmin.row.capacity"), run.capacity === null ? t("runsAdmin.row.noLimit") : run.capacity)}
        {fact(
          t("runsAdmin.row.price"),
          price && price > 0
            ? t("coursesAdmin.table.priceValue", { amount: formatAmount(price, locale) }) + (run.price === null ? ` (${t("runsAdmin.row.coursePrice")})` : "")
            : t("coursesAdmin.table.free"),
        )}
        {fact(t("runsAdmin.row.instructor"), instructor ? <bdi>{instructor}</bdi> : t("runsAdmin.row.courseInstructor"))}
      </dl>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center text-sm sm:grid-cols-4" aria-label={t("runsAdmin.row.counts")}>
        {(
          [
            ["pending", run.pending],
            ["approved", run.approved],
            ["waiting", run.waiting],
            ["seatsLeft", run.seatsLeft ?? "—"],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-700">{t(`runsAdmin.row.${key}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900">{key === "seatsLeft" && run.seatsLeft === null ? t("runsAdmin.row.noLimit") : value}</dd>
          </div>
        ))}
      </dl>
      {(canEdit || canMessage) && (
        <div role="group" aria-label={t("runsAdmin.actions.label", { date })} className="mt-3 flex flex-wrap gap-2">
          {canEdit && (
            <Link to={href("edit", run.id)} replace preventScrollReset className={LINK_BUTTON}>
              {t("runsAdmin.actions.edit")}
            </Link>
          )}
          {canEdit && run.status !== "cancelled" && (
            <StatusButton run={run} status={run.status === "open" ? "closed" : "open"} action={action} />
          )}
          {canEdit && run.status === "cancelled" && <StatusButton run={run} status="open" action={action} />}
          {canMessage && run.approved > 0 && (
            <Link to={href("message", run.id)} replace preventScrollReset className={LINK_BUTTON}>
              {t("runsAdmin.actions.message")}
            </Link>
          )}
          {canEdit && run.status !== "cancelled" && (
            <Link to={href("cancel", run.id)} replace preventScrollReset className={`${LINK_BUTTON} text-red-800`}>
              {t("runsAdmin.actions.cancelRun")}
            </Link>
          )}
          {canEdit && (
            <Link to={href("delete", run.id)} replace preventScrollReset className={`${LINK_BUTTON} text-red-800`}>
              {t("runsAdmin.actions.delete")}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}

/** Close to requests / Reopen: one post, answered with a toast (or a line under the button). */
function StatusButton({ run, status, action }: { run: AdminRunRow; status: RunStatus; action: string }) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<CoursesReply>(`run-status-${run.id}`);
  useOnSuccess(fetcher, (reply) => showToast("success", t(`runsAdmin.statusDone.${reply.runStatus ?? status}`)));
  const busy = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" ? failureMessage(t, fetcher.data) : null;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="inline-flex flex-col">
      <input type="hidden" name="intent" value="setRunStatus" />
      <input type="hidden" name="runId" value={run.id} />
      <input type="hidden" name="status" value={status} />
      <button type="submit" disabled={busy} className={`${LINK_BUTTON} disabled:opacity-60`}>
        {busy ? t("runsAdmin.actions.updating") : status === "open" ? t("runsAdmin.actions.reopen") : t("runsAdmin.actions.closeRun")}
      </button>
      {failed && (
        <span role="alert" className="mt-1 text-xs text-red-800">
          {failed}
        </span>
      )}
    </fetcher.Form>
  );
}
