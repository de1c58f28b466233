// "Finish setting up" (issue 33): a new site's open tasks on the dashboard, each with a link to where it
// is done. The server lists only the tasks this staff member can do (dashboard.server.ts
// getSetupChecklist); the card leaves when every one is done. Done tasks stay in the list, ticked, so the
// progress reads at a glance.
import type { TFunction } from "i18next";
import { Circle, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { ADMIN_PATH, SETTINGS_CONTACT_ANCHOR } from "~/lib/admin-pages.ts";
import { formatNumber } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { SetupItem, SetupTask } from "../dashboard.server.ts";

/** Where each task is done: the pages the server checked the staff member may use for it. */
const TASK_LINKS: Record<SetupTask, string> = {
  contact: `${ADMIN_PATH.settings}#${SETTINGS_CONTACT_ANCHOR}`,
  notifications: `${ADMIN_PATH.settings}#${SETTINGS_CONTACT_ANCHOR}`,
  // No page sets it (it is the server's configuration); the email log shows what waits to be sent.
  smtp: ADMIN_PATH.emails,
  firstCourse: `${ADMIN_PATH.courses}?action=create`,
};

export function SetupCard({ items, locale }: { items: SetupItem[]; locale: Locale }) {
  const { t } = useI18n();
  const done = items.filter((item) => item.done).length;
  if (done === items.length) return null;
  return (
    <section aria-labelledby="dashboard-setup" data-setup-card="" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="dashboard-setup" className="text-lg font-semibold text-slate-900">
          {t("dashboard.setup.title")}
        </h2>
        <p className="text-sm font-medium text-amber-950">
          {t("dashboard.setup.progress", { done: formatNumber(done, locale), total: formatNumber(items.length, locale) })}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">{t("dashboard.setup.intro")}</p>
      <ul className="mt-4 space-y-3">
        {items.map(({ task, done: isDone }) => (
          <li key={task} data-setup-task={task} data-done={isDone ? "true" : "false"} className="flex gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
            {isDone ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
            )}
            <div className="min-w-0 flex-1 sm:flex sm:items-center sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className={isDone ? "font-medium text-slate-500" : "font-medium text-slate-900"}>
                  <span className="sr-only">{isDone ? t("dashboard.setup.done") : t("dashboard.setup.todo")}: </span>
                  {t(`dashboard.setup.tasks.${task}.title`)}
                </p>
                {!isDone && <p className="mt-0.5 text-sm text-slate-700">{taskText(t, task)}</p>}
              </div>
              {!isDone && (
                <Link to={TASK_LINKS[task]} className="btn-secondary mt-3 inline-flex shrink-0 px-3 py-1.5 text-sm sm:mt-0">
                  {t(`dashboard.setup.tasks.${task}.action`)}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A task's explanation; the SMTP one names the variable, kept left to right inside Arabic. */
function taskText(t: TFunction, task: SetupTask): ReactNode {
  if (task !== "smtp") return t(`dashboard.setup.tasks.${task}.text`);
  return tIsolated(t, "dashboard.setup.tasks.smtp.text", {
    variable: (
      <code dir="ltr" className="rounded bg-slate-100 px-1 font-mono text-[0.85em]">
        SMTP_URL
      </code>
    ),
  });
}
