// The course page's start dates (issue 20 point 2): "Upcoming start dates" lists each upcoming open run
// (date, time in Cairo time, the schedule in the page's language, the mode and place, its own instructor
// and price when they differ, seats left only when few remain, "Full — waiting list" when full) with a
// "Choose this date" control: the enrollment dialog with that run preselected when JavaScript runs, the
// enroll page with `?run=<id>` without it. Also "Contact us for the next start date" for a course without
// dates (when Settings says so). The words come ready from the loader (course-runs-page.server.ts): the
// page is at its JavaScript budget, so no strings or date formatting ship for this list.
import { Link } from "react-router";
import { Icon, type IconName } from "~/components/icons/icon.tsx";
import { preloadEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { courseHref } from "~/lib/catalog-links.ts";
import type { RunMode } from "~/domain/runs/run-rules.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { CourseRunsWords } from "../course-runs-words.ts";

const MODE_ICON: Record<RunMode, IconName> = { live_online: "video", self_paced: "monitor-play", on_site: "map-pin" };

/** The enroll page for a run, without JavaScript (the page preselects `run`). */
export function runEnrollPath(slug: string, runId: string): string {
  return `${courseHref(slug)}/enroll?run=${encodeURIComponent(runId)}`;
}

export function CourseRunsSection({ words, slug, onChoose }: { words: CourseRunsWords; slug: string; onChoose: (runId: string) => void }) {
  const lp = useLocalePath();
  return (
    <section aria-labelledby="course-runs" className="mt-10" data-course-runs="">
      <h2 id="course-runs" className="text-2xl font-bold">
        {words.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{words.intro}</p>
      <ul className="mt-4 space-y-3">
        {words.runs.map((run) => (
          <li key={run.id} data-run-id={run.id} className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 sm:flex-row sm:justify-between sm:p-5">
            <div className="min-w-0 space-y-1.5 text-slate-700">
              <p className="flex items-center gap-2 text-lg font-semibold text-teal-950">
                <Icon name="calendar" className="h-5 w-5 shrink-0 text-teal-800" />
                {run.date}
              </p>
              <p className="flex items-center gap-2">
                <Icon name="clock" className="h-4 w-4 shrink-0 text-slate-500" />
                <span>
                  {run.time}
                  {run.ends && ` · ${run.ends}`}
                </span>
              </p>
              {run.schedule && (
                <p dir="auto" className="break-words">
                  {run.schedule}
                </p>
              )}
              <p className="flex items-center gap-2">
                <Icon name={MODE_ICON[run.mode]} className="h-4 w-4 shrink-0 text-slate-500" />
                <span className="min-w-0 break-words">
                  {run.modeText}
                  {run.location && (
                    <>
                      {" · "}
                      <bdi>{run.location}</bdi>
                    </>
                  )}
                </span>
              </p>
              {run.instructor && <p>{run.instructor}</p>}
              {run.price && <p className="font-medium text-teal-900">{run.price}</p>}
            </div>
            <div className="flex shrink-0 flex-col gap-2 sm:items-end">
              {run.seats && (
                <p className={`self-start rounded-full px-3 py-1 text-sm font-medium sm:self-end ${run.full ? "bg-amber-100 text-amber-900" : "bg-rose-50 text-rose-800"}`}>
                  {run.seats}
                </p>
              )}
              <Link
                to={lp(runEnrollPath(slug, run.id))}
                aria-label={run.actionLabel}
                className={`${run.full ? "btn-secondary" : "btn-primary"} flex justify-center py-2.5`}
                onMouseEnter={preloadEnrollmentDialog}
                onFocus={preloadEnrollmentDialog}
                onClick={(e) => {
                  e.preventDefault();
                  onChoose(run.id);
                }}
              >
                {run.action}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Contact us for the next start date", a link to the contact page (a course without dates, when Settings says so). */
export function ContactForDates({ text }: { text: string }) {
  const lp = useLocalePath();
  return (
    <p>
      <Link to={lp("/contact")} className="font-medium text-teal-800 underline underline-offset-4 hover:text-teal-950">
        {text}
      </Link>
    </p>
  );
}
