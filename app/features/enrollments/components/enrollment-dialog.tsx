import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import { DIALOG_REQUEST } from "../dialog-request.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { InLanguage, tIsolated } from "~/components/ui/bidi.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { runOptions, waitingListOnly, type RunOption } from "../run-options.ts";
import { EnrollmentForm } from "./enrollment-form.tsx";
import { EnrollmentSuccess } from "./enrollment-success.tsx";

/**
 * What a visitor typed into a course's form, kept while the page is open (memory only: it is personal
 * data): closing the dialog by Back, Escape, Cancel or a tap outside, then opening it again, gives it
 * back. Cleared once the request is sent.
 */
const drafts = new Map<string, [string, string][]>();
/**
 * Requests sent, by the history entry of the dialog that sent them (issue 36 item 5): Forward to that entry
 * after closing shows the confirmation again, not an empty form. Memory only, like the drafts.
 */
const sentIn = new Map<string, { enrollmentId: string; waiting: boolean; pageHref?: string }>();

const KEPT = new Set(["runId", "studentName", "studentEmail", "countryCode", "phoneNumber", "message"]);

function KeepsDraft({ courseId, children }: { courseId: string; children: ReactNode }) {
  const restore = useCallback(
    (root: HTMLDivElement | null) => {
      const form = root?.querySelector("form");
      const draft = form ? drafts.get(courseId) : undefined;
      if (!form || !draft) return;
      for (const [name, value] of draft) {
        const control = form.elements.namedItem(name);
        if (control instanceof HTMLInputElement && control.type === "radio") control.checked = control.value === value;
        else if (control instanceof RadioNodeList || control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) control.value = value;
        else if (control instanceof HTMLSelectElement) {
          control.value = value;
          // The phone's hint follows the country (the form listens for the change).
          control.dispatchEvent(new Event("change", { bubbles: true }));
        }
      }
    },
    [courseId],
  );
  return (
    <div
      ref={restore}
      onInput={(event) => {
        const form = (event.target as Element).closest("form");
        if (!form) return;
        const entries = [...new FormData(form)].filter((e): e is [string, string] => KEPT.has(e[0]) && typeof e[1] === "string");
        drafts.set(courseId, entries);
      }}
    >
      {children}
    </div>
  );
}

/** The course a visitor enrolls in; `language` is its title's (for `lang`). */
export interface EnrollmentCourse {
  id: string;
  slug: string;
  title: string;
  language: string;
  /** The course's price as the page shows it (null: free, hidden or none), for runs without their own. */
  price?: number | null;
}

/**
 * The SPEC enrollment modal; on success it shows the confirmation with the enrollment ID, which stays
 * until the visitor closes it (issue 13: no timer, so the ID can be read and copied).
 * Callers give it `key={course?.id}` so each opening starts with a fresh form (no stale errors).
 */
export function EnrollmentDialog({
  course,
  onClose,
  runs,
  runId,
}: {
  course: EnrollmentCourse | null;
  onClose: () => void;
  /** The course's upcoming open runs; when absent the dialog loads them from the enroll route. */
  runs?: PublicRun[];
  /** The run to preselect. */
  runId?: string;
}) {
  const { t, i18n } = useI18n();
  const lp = useLocalePath();
  const entry = useLocation().key;
  const [done, setDone] = useState<{ enrollmentId: string; waiting: boolean; pageHref?: string } | null>(() => sentIn.get(entry) ?? null);
  // Without runs from the caller (a catalogue card), the enroll route's loader gives them: one small
  // request when the dialog opens; the form waits for it so the run choice does not push the fields down.
  const loader = useFetcher<{ runs: RunOption[] } | { failed: true }>();
  const needsRuns = runs === undefined && course !== null;
  const slug = course?.slug;
  const enrollPage = slug ? lp(`/courses/${slug}/enroll`) : "";
  const loadRuns = () => void loader.load(`${enrollPage}?${DIALOG_REQUEST}`);
  useEffect(() => {
    if (needsRuns && slug) loadRuns();
    // Once per opening (the dialog is keyed by course).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsRuns, slug]);
  const locale = i18n.language === "ar" ? "ar" : "en";
  const given = useMemo(() => (runs ? runOptions(runs, locale, t, { price: course?.price ?? null, priceVisible: true }) : undefined), [runs, locale, t, course?.price]);
  const loaded = loader.data && "runs" in loader.data ? loader.data.runs : undefined;
  const offered = given ?? loaded;
  // The runs could not be read (the connection dropped): say so, offer a retry and the enroll page.
  const runsFailed = needsRuns && offered === undefined && loader.state === "idle" && loader.data !== undefined && "failed" in loader.data;
  const waitingForRuns = needsRuns && offered === undefined;
  // A fetcher of its own per opening, so an earlier reply never shows in a new form.
  const [fetcherKey] = useState(() => `enroll-${Math.random().toString(36).slice(2)}`);
  const courseId = course?.id;
  const sent = useCallback(
    (created: { enrollmentId: string; waiting: boolean; pageHref?: string }) => {
      if (courseId) drafts.delete(courseId);
      sentIn.set(entry, created);
      setDone(created);
    },
    [courseId, entry],
  );

  return (
    <Dialog
      open={course !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      // Every run full: the request can only join a waiting list, and the title says so (issue 36 item 1).
      title={
        course
          ? tIsolated(t, waitingListOnly(offered) ? "enrollment.waitingTitle" : "enrollment.dialogTitle", {
              course: <InLanguage text={course.title} lang={course.language} />,
            })
          : ""
      }
      // Sent, there is nothing left to fill in.
      description={done ? undefined : t("enrollment.dialogDescription")}
    >
      {course &&
        (done ? (
          <EnrollmentSuccess enrollmentId={done.enrollmentId} waiting={done.waiting} pageHref={done.pageHref} onDismiss={onClose} />
        ) : runsFailed ? (
          <div role="alert" className="space-y-4 py-6 text-center text-sm text-slate-700">
            <p>{t("enrollment.runsFailed")}</p>
            <div className="flex flex-wrap items-center justify-center gap-3">
              <button type="button" className="btn-primary inline-flex px-4 py-2" onClick={loadRuns}>
                {t("actions.retry")}
              </button>
              <a href={enrollPage} className="font-semibold text-teal-800 underline underline-offset-4">
                {t("enrollment.openEnrollPage")}
              </a>
            </div>
          </div>
        ) : waitingForRuns ? (
          <p role="status" className="py-6 text-center text-sm text-slate-600">
            {t("loading")}
          </p>
        ) : (
          <KeepsDraft courseId={course.id}>
            <EnrollmentForm course={course} runs={offered} runId={runId} fetcherKey={fetcherKey} onSuccess={sent} onCancel={onClose} />
          </KeepsDraft>
        ))}
    </Dialog>
  );
}
