import { Notice } from "~/components/ui/notice.tsx";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { useFetcher, useLocation } from "react-router";
import { Honeypot, PersonFields, TextAreaControl, validated } from "~/components/forms/field.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { FormReply } from "~/lib/form-action.server.ts";
import { useValidatedForm, type FormValues } from "~/lib/form-validation.ts";
import { type Locale } from "~/lib/i18n.ts";
import { readVisitSource, SOURCE_FIELDS, storedVisitSource, type SourceField } from "~/domain/enrollments/visit-source.ts";
import { ENROLLMENT_LIMITS, validateEnrollment } from "../enrollment.rules.ts";
import type { RunOption } from "../run-options.ts";
import { RunChoice } from "./run-choice.tsx";
import { EnrollmentPhoneFields } from "./enrollment-form-phone.tsx";

/** `waiting`: the run asked for was full, so the request joined its waiting list (issue 20). */
export type EnrollmentReply = FormReply<{ enrollmentId: string; waiting: boolean; pageHref?: string }>;

/** The form-wide message; a rate-limit refusal also says when to send again (whole minutes, rounded up). */
function formErrorText(t: ReturnType<typeof useI18n>["t"], reply: EnrollmentReply): string {
  const key = reply.messageKey === "enrollment.errors.invalid" ? "enrollment.error" : (reply.messageKey ?? "enrollment.error");
  const retry = reply.retryAfter ? ` ${t("enrollment.errors.retryIn", { count: Math.ceil(reply.retryAfter / 60) })}` : "";
  return t(key) + retry;
}

/** The stored landing values never change while a page is open: nothing to subscribe to. */
const noSubscription = () => () => {};
const noStoredSource = () => null;

const FIELDS = ["runId", "studentName", "studentEmail", "countryCode", "phoneNumber", "message", "courseId"] as const;

/**
 * The enrollment request form (SPEC modal fields). Validates in the browser with the rules the server's
 * schema applies (enrollment.rules.ts, without zod); errors clear as the visitor edits; without
 * JavaScript it is a plain form post.
 */
export function EnrollmentForm({
  course,
  runs = [],
  runId,
  fetcherKey,
  initialReply,
  initialSource,
  onSuccess,
  onCancel,
}: {
  course: { id: string; slug: string; title: string };
  /** The course's upcoming open runs (issue 20): one must be chosen when there are any. */
  runs?: RunOption[];
  /** The run preselected (the visitor came from it). */
  runId?: string;
  fetcherKey: string;
  /** The server's reply when the page was rendered after a no-JS post. */
  initialReply?: EnrollmentReply;
  /** Source fields the server rendered (the no-JS enroll page's own utm_*); the browser's visit values win. */
  initialSource?: Partial<Record<SourceField, string>>;
  onSuccess?: (created: { enrollmentId: string; waiting: boolean; pageHref?: string }) => void;
  onCancel?: () => void;
}) {
  const { t, i18n } = useI18n();
  const lp = useLocalePath();
  const locale: Locale = i18n.language === "ar" ? "ar" : "en";
  const fetcher = useFetcher<EnrollmentReply>({ key: fetcherKey });
  const reply = fetcher.data ?? initialReply;
  const runRequired = runs.length > 0;
  const validate = useCallback((values: FormValues) => validateEnrollment(values, { runRequired }), [runRequired]);
  const { formProps, field } = useValidatedForm({
    id: `enroll-${fetcherKey}`,
    fields: FIELDS,
    validate,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
  });
  const run = field("runId");
  // Issue 36 item 1: a full run's request joins its waiting list, and the button says so.
  const [chosen, setChosen] = useState(run.defaultValue ?? runId);
  const chosenRun = runs.find((r) => r.id === chosen);
  const joinsWaitingList = runRequired && (chosenRun ? chosenRun.full : runs.every((r) => r.full));
  const studentName = field("studentName");
  const studentEmail = field("studentEmail");
  const countryCode = field("countryCode");
  const phoneNumber = field("phoneNumber");
  const message = field("message");
  const busy = fetcher.state !== "idle";
  // Where the request comes from (ADR 021): this page, and the visit's landing utm_*/referrer kept in
  // sessionStorage (none on the server: the no-JS page renders its own URL's utm_*, `initialSource`).
  const { pathname } = useLocation();
  const stored = useSyncExternalStore(noSubscription, storedVisitSource, noStoredSource);
  const source: Partial<Record<SourceField, string>> = { ...initialSource, ...readVisitSource(stored), sourcePage: pathname };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    // The confirmation is the caller's (EnrollmentSuccess, shown until dismissed), not a toast that fades.
    if (fetcher.data.success) onSuccess?.(fetcher.data.success);
    else if (fetcher.data.messageKey) showToast("error", formErrorText(t, fetcher.data));
  }, [fetcher.state, fetcher.data, onSuccess, t]);

  const formError = reply?.messageKey;
  return (
    <fetcher.Form
      method="post"
      action={lp(`/courses/${course.slug}/enroll`)}
      {...formProps}
      className="relative space-y-4"
    >
      <p className="text-xs text-slate-600">{t("enrollment.requiredNote")}</p>
      {formError && !reply?.success && (
        <Notice tone="error">
          {formErrorText(t, reply)}
        </Notice>
      )}
      <input type="hidden" name="courseId" value={course.id} />
      {runRequired && <RunChoice runs={runs} field={run} preselected={runId} onChoose={setChosen} />}
      {SOURCE_FIELDS.map((name) => (
        <input key={name} type="hidden" name={name} value={source[name] ?? ""} />
      ))}
      <PersonFields
        name={studentName}
        email={studentEmail}
        nameMax={ENROLLMENT_LIMITS.studentName}
        keys={{ name: "enrollment.fields.studentName", email: "enrollment.fields.studentEmail" }}
      />
      <EnrollmentPhoneFields countryCode={countryCode} phoneNumber={phoneNumber} locale={locale} />
      <TextAreaControl
        wired={validated(message)}
        label={t("enrollment.fields.message.label")}
        rows={3}
        maxLength={ENROLLMENT_LIMITS.message}
        placeholder={t("enrollment.fields.message.placeholder")}
      />
      <Honeypot label={t("enrollment.fields.website.label")} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" onClick={onCancel} className="btn-secondary inline-flex">
            {t("enrollment.cancel")}
          </button>
        )}
        <button type="submit" disabled={busy} className="btn-primary inline-flex disabled:opacity-60">
          {busy ? t("enrollment.submitting") : t(joinsWaitingList ? "enrollment.submitWaiting" : "enrollment.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}
