// A course's runs in Admin › Courses (issue 20 points 1 and 4), shown in the dialog kit's frame opened by
// ?dialog=runs&course=…: the list of runs with their requests and seats, and views of the same sheet in
// the URL (&runView=new|edit|delete|cancel|message&run=…): the run form, the delete and cancel
// confirmations, and the message to a run's approved students (preview, then send). Every view is a
// link, so it all works without JavaScript; with it, forms post through fetchers and a success returns
// to the list. Dates are typed and shown in Cairo time, which the sheet says.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { describedBy, FormAlert, useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { DANGER_BUTTON } from "~/components/ui/confirm.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { UnsavedChangesGuard, useFormsDirty } from "~/components/ui/unsaved-changes.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { formatRunMoment, utcToCairoWallTime } from "~/lib/cairo-time.ts";
import { RUN_MODES, RUN_REPEAT_FREQUENCIES, RUN_STATUSES, type RunStatus } from "~/domain/runs/run-rules.ts";
import { formatAmount } from "~/lib/format.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AdminRunRow } from "../course-runs-admin.server.ts";
import { RUN_LIMITS, runFormSchema, runMessageValuesSchema, type RunView } from "../course-runs.schema.ts";
import type { CoursesReply } from "../courses.schema.ts";

const STATUS_TONES: Record<RunStatus, BadgeTone> = { open: "green", closed: "slate", cancelled: "red" };
const LINK_BUTTON = "btn-secondary inline-flex items-center px-3 py-1.5 text-sm";
const errorId = (id: string, errors?: string[]) => (errors?.length ? `${id}-error` : undefined);

export interface RunsSheetProps {
  course: { id: string; title: string; price: number | null };
  runs: AdminRunRow[];
  view: RunView | null;
  run: AdminRunRow | null;
  instructors: { id: string; name: string; nameAr: string | null }[];
  canEdit: boolean;
  canMessage: boolean;
  hydrated: boolean;
  locale: Locale;
  /** The sheet's URL for a view (none: the list). */
  href: (view?: RunView, runId?: string) => string;
  /** Where forms post (the page's URL, so a reply without JavaScript renders in place). */
  action: string;
  /** The page's reply after a post without JavaScript. */
  initialReply?: CoursesReply;
}

/** "Tuesday, January 12, 2027 at 7:00 PM (Cairo time)". */
function useRunMoment(locale: Locale) {
  const { t } = useI18n();
  return (at: Date | string) => `${formatRunMoment(at, locale, "long")} (${t("runs.cairoTime")})`;
}

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

/** Back to the list: a link (replacing the entry, like every view of the sheet). */
function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link to={href} replace preventScrollReset className="btn-secondary inline-flex px-4 py-2 text-sm">
      {label}
    </Link>
  );
}

/** The guard of one view's form: asks before typed text is thrown away; quiet after a success. */
function useViewGuard(hydrated: boolean) {
  const root = useRef<HTMLDivElement>(null);
  const isDirty = useFormsDirty(root);
  const allowRef = useRef(false);
  const guard = hydrated ? <UnsavedChangesGuard isDirty={isDirty} allow={allowRef} /> : null;
  return { root, allowRef, guard };
}

// ---------------------------------------------------------------------------------------------------------
// Add or edit a run

// eslint-disable-next-line max-lines-per-function -- split in the runs-sheet change
function RunForm({ course, run, view, instructors, hydrated, locale, href, action, initialReply, onDone }: RunsSheetProps & { onDone: () => void }) {
  const { t } = useI18n();
  const editing = view === "edit" && run !== null;
  const intent = editing ? "updateRun" : "createRun";
  const fetcher = useFreshFetcher<CoursesReply>(`run-${intent}`);
  const reply = fetcher.data ?? (initialReply?.intent === intent ? initialReply : undefined);
  const { root, allowRef, guard } = useViewGuard(hydrated);
  const formId = useId();
  const [form, fields] = useForm({
    id: `run-form-${formId}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    defaultValue: editing
      ? {
          intent,
          runId: run.id,
          startsAt: utcToCairoWallTime(new Date(run.startsAt)),
          endsAt: run.endsAt ? utcToCairoWallTime(new Date(run.endsAt)) : "",
          schedule: run.schedule ?? "",
          scheduleAr: run.scheduleAr ?? "",
          mode: run.mode,
          location: run.location ?? "",
          locationAr: run.locationAr ?? "",
          capacity: run.capacity === null ? "" : String(run.capacity),
          price: run.price === null ? "" : String(run.price),
          status: run.status,
          instructorId: run.instructorId ?? "",
          sessionMinutes: run.sessionMinutes === null ? "" : String(run.sessionMinutes),
          repeatFrequency: run.repeatFrequency ?? "",
          repeatCount: run.repeatCount === null ? "" : String(run.repeatCount),
        }
      : { intent, courseId: course.id, mode: "live_online", status: "open" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: runFormSchema }),
  });
  useOnSuccess(fetcher, () => {
    showToast("success", editing ? t("runsAdmin.form.updated") : t("runsAdmin.form.created"));
    allowRef.current = true;
    onDone();
  });
  const busy = fetcher.state !== "idle";
  const text = (name: "schedule" | "scheduleAr" | "location" | "locationAr", label: string, lang: "en" | "ar", hintKey?: string) => {
    const f = fields[name];
    return (
      <Field id={f.id} label={label} errors={f.errors} hint={hintKey ? t(hintKey) : undefined}>
        <input
          {...getInputProps(f, { type: "text" })}
          key={f.key}
          maxLength={name.startsWith("schedule") ? RUN_LIMITS.schedule : RUN_LIMITS.location}
          lang={lang}
          dir={lang === "ar" ? "rtl" : "auto"}
          className={inputClass}
          aria-describedby={describedBy(hintKey && `${f.id}-hint`, errorId(f.id, f.errors))}
        />
      </Field>
    );
  };
  const number = (name: "capacity" | "price" | "sessionMinutes" | "repeatCount", label: string, hintKey?: string) => {
    const f = fields[name];
    return (
      <Field id={f.id} label={label} errors={f.errors} hint={hintKey ? t(hintKey) : undefined}>
        {/* Text, not number: Arabic-Indic digits typed or pasted are accepted (D26). */}
        <input
          {...getInputProps(f, { type: "text" })}
          key={f.key}
          inputMode={name === "price" ? "decimal" : "numeric"}
          dir="ltr"
          className={`${inputClass} text-start`}
          aria-describedby={describedBy(hintKey && `${f.id}-hint`, errorId(f.id, f.errors))}
        />
      </Field>
    );
  };
  const moment = (name: "startsAt" | "endsAt", label: string, required: boolean) => {
    const f = fields[name];
    return (
      <Field id={f.id} label={label} required={required} errors={f.errors}>
        <input
          {...getInputProps(f, { type: "datetime-local" })}
          key={f.key}
          dir="ltr"
          className={`${inputClass} text-start`}
          aria-describedby={errorId(f.id, f.errors)}
        />
      </Field>
    );
  };
  return (
    <div ref={root}>
      <h3 className="mb-3 text-lg font-semibold text-slate-900">{editing ? t("runsAdmin.form.editTitle") : t("runsAdmin.form.addTitle")}</h3>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {editing ? <input type="hidden" name="runId" value={run.id} /> : <input type="hidden" name="courseId" value={course.id} />}
        <FormAlert message={failureMessage(t, reply)} />
        <p className="rounded-lg bg-teal-50 p-3 text-sm text-teal-950">{t("runsAdmin.intro")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {moment("startsAt", t("runsAdmin.form.startsAt"), true)}
          {moment("endsAt", t("runsAdmin.form.endsAt"), false)}
          {text("schedule", t("runsAdmin.form.schedule"), "en", "runsAdmin.form.scheduleHint")}
          {text("scheduleAr", t("runsAdmin.form.scheduleAr"), "ar")}
          <Field id={fields.mode.id} label={t("runsAdmin.form.mode")} required errors={fields.mode.errors}>
            <select {...getSelectProps(fields.mode)} key={fields.mode.key} className={inputClass} aria-describedby={errorId(fields.mode.id, fields.mode.errors)}>
              {RUN_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`runs.mode.${m}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={fields.status.id} label={t("runsAdmin.form.status")} required errors={fields.status.errors}>
            <select {...getSelectProps(fields.status)} key={fields.status.key} className={inputClass}>
              {RUN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`runsAdmin.status.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          {text("location", t("runsAdmin.form.location"), "en", "runsAdmin.form.locationHint")}
          {text("locationAr", t("runsAdmin.form.locationAr"), "ar")}
          {number("capacity", t("runsAdmin.form.capacity"), "runsAdmin.form.capacityHint")}
          {number("price", t("runsAdmin.form.price"), "runsAdmin.form.priceHint")}
          <div className="sm:col-span-2">
            <Field id={fields.instructorId.id} label={t("runsAdmin.form.instructor")} errors={fields.instructorId.errors}>
              <select {...getSelectProps(fields.instructorId)} key={fields.instructorId.key} className={inputClass}>
                <option value="">{t("runsAdmin.form.courseInstructor")}</option>
                {instructors.map((i) => (
                  <option key={i.id} value={i.id}>
                    {pickText({ en: i.name, ar: i.nameAr }, locale)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{t("runsAdmin.form.searchLegend")}</legend>
            {number("sessionMinutes", t("runsAdmin.form.sessionMinutes"))}
            <Field id={fields.repeatFrequency.id} label={t("runsAdmin.form.repeatFrequency")} errors={fields.repeatFrequency.errors}>
              <select {...getSelectProps(fields.repeatFrequency)} key={fields.repeatFrequency.key} className={inputClass}>
                <option value="">{t("runsAdmin.form.noRepeat")}</option>
                {RUN_REPEAT_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`runsAdmin.frequency.${f}`)}
                  </option>
                ))}
              </select>
            </Field>
            {number("repeatCount", t("runsAdmin.form.repeatCount"))}
          </fieldset>
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          <BackLink href={href()} label={t("runsAdmin.form.cancel")} />
          <button type="submit" disabled={busy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
            {busy ? t("runsAdmin.form.saving") : editing ? t("runsAdmin.form.save") : t("runsAdmin.form.add")}
          </button>
        </div>
      </fetcher.Form>
      {guard}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Delete or cancel a run

function RunConfirm({
  run,
  kind,
  locale,
  href,
  action,
  initialReply,
  onDone,
}: RunsSheetProps & { run: AdminRunRow; kind: "delete" | "cancel"; onDone: () => void }) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<CoursesReply>(`run-${kind}`);
  const intent = kind === "delete" ? "deleteRun" : "setRunStatus";
  const reply = fetcher.data ?? (initialReply?.intent === intent ? initialReply : undefined);
  useOnSuccess(fetcher, () => {
    showToast("success", kind === "delete" ? t("runsAdmin.delete.done") : t("runsAdmin.statusDone.cancelled"));
    onDone();
  });
  const busy = fetcher.state !== "idle";
  const keys = kind === "delete" ? { title: "delete", keep: "delete.cancel" } : { title: "cancelConfirm", keep: "cancelConfirm.keep" };
  const date = `${formatRunMoment(run.startsAt, locale, "long")} (${t("runs.cairoTime")})`;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">{t(`runsAdmin.${keys.title}.title`)}</h3>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="runId" value={run.id} />
      {kind === "cancel" && <input type="hidden" name="status" value="cancelled" />}
      <FormAlert message={busy ? null : failureMessage(t, reply)} />
      <p className="text-slate-800">{t(`runsAdmin.${keys.title}.message`, { date })}</p>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <BackLink href={href()} label={t(`runsAdmin.${keys.keep}`)} />
        <button type="submit" disabled={busy} className={DANGER_BUTTON}>
          {busy ? t(`runsAdmin.${keys.title}.busy`) : t(`runsAdmin.${keys.title}.submit`)}
        </button>
      </div>
    </fetcher.Form>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Message the run's approved students

const MESSAGE_FIELDS = ["subject", "body", "subjectAr", "bodyAr"] as const;

function RunMessage({ run, locale, hydrated, href, action, initialReply, onDone }: RunsSheetProps & { run: AdminRunRow; onDone: () => void }) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<CoursesReply>("run-message");
  const fromPage = initialReply?.intent === "previewRunMessage" || initialReply?.intent === "sendRunMessage" ? initialReply : undefined;
  const reply = fetcher.data ?? fromPage;
  const { root, allowRef, guard } = useViewGuard(hydrated);
  const formId = useId();
  const [form, fields] = useForm({
    id: `run-message-${formId}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: runMessageValuesSchema }),
  });
  // The preview shown, and the text it was made of: Send is offered only while the text is unchanged.
  const preview = reply?.ok && reply.intent === "previewRunMessage" ? reply : undefined;
  const [previewedText, setPreviewedText] = useState<string | null>(null);
  const [currentText, setCurrentText] = useState<string | null>(null);
  const snapshot = (formEl: HTMLFormElement) => MESSAGE_FIELDS.map((n) => String(new FormData(formEl).get(n) ?? "")).join("\u0000");
  useOnSuccess(fetcher, (r) => {
    if (r.intent === "sendRunMessage") {
      showToast("success", t("runsAdmin.message.sent", { count: r.sent ?? 0 }));
      allowRef.current = true;
      onDone();
    } else {
      const el = document.getElementById(form.id);
      if (el instanceof HTMLFormElement) setPreviewedText(snapshot(el));
    }
  });
  const stale = hydrated && preview !== undefined && previewedText !== null && currentText !== null && currentText !== previewedText;
  const busy = fetcher.state !== "idle";
  const date = `${formatRunMoment(run.startsAt, locale, "long")} (${t("runs.cairoTime")})`;
  const area = (name: (typeof MESSAGE_FIELDS)[number], lang: "en" | "ar") => {
    const f = fields[name];
    const isBody = name.startsWith("body");
    const props = {
      key: f.key,
      lang,
      dir: lang === "ar" ? "rtl" : "ltr",
      className: inputClass,
      maxLength: isBody ? RUN_LIMITS.body : RUN_LIMITS.subject,
      "aria-describedby": describedBy(isBody && `${f.id}-hint`, errorId(f.id, f.errors)),
    } as const;
    return (
      <Field id={f.id} label={isBody ? t("runsAdmin.message.body") : t("runsAdmin.message.subject")} errors={f.errors} hint={isBody ? t("runsAdmin.message.bodyHint") : undefined}>
        {isBody ? <textarea {...getTextareaProps(f)} {...props} rows={6} /> : <input {...getInputProps(f, { type: "text" })} {...props} />}
      </Field>
    );
  };
  return (
    <div ref={root} className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">{t("runsAdmin.message.title", { date })}</h3>
      <p className="text-sm text-slate-700">{t("runsAdmin.message.intro")}</p>
      <p className="text-sm font-medium text-slate-900">{t("runsAdmin.message.recipients", { count: preview?.recipients ?? run.approved })}</p>
      <fetcher.Form
        method="post"
        action={action}
        {...getFormProps(form)}
        noValidate
        preventScrollReset
        className="space-y-4"
        onInput={(e) => setCurrentText(snapshot(e.currentTarget))}
      >
        <input type="hidden" name="runId" value={run.id} />
        <FormAlert message={busy ? null : failureMessage(t, reply)} />
        <div className="grid gap-4 md:grid-cols-2">
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{t("runsAdmin.message.english")}</legend>
            {area("subject", "en")}
            {area("body", "en")}
          </fieldset>
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{t("runsAdmin.message.arabic")}</legend>
            {area("subjectAr", "ar")}
            {area("bodyAr", "ar")}
          </fieldset>
        </div>
        {preview?.preview && !stale && (
          <section aria-labelledby={`${form.id}-preview`} className="space-y-3">
            <h4 id={`${form.id}-preview`} className="font-semibold text-slate-900">
              {t("runsAdmin.message.previewTitle")}
            </h4>
            <div className="grid gap-3 md:grid-cols-2">
              {preview.preview.map((p) => (
                <article key={p.locale} className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3">
                  <h5 className="text-sm font-semibold text-slate-800">{p.locale === "ar" ? t("runsAdmin.message.previewAr") : t("runsAdmin.message.previewEn")}</h5>
                  {/* The labels in the page's language; the email's own text in its language and direction. */}
                  <p className="mt-1 text-sm font-medium text-slate-900">
                    {t("runsAdmin.message.subject")}:{" "}
                    <bdi lang={p.locale} dir={p.locale === "ar" ? "rtl" : "ltr"}>
                      {p.subject}
                    </bdi>
                  </p>
                  <pre lang={p.locale} dir={p.locale === "ar" ? "rtl" : "ltr"} className="mt-2 whitespace-pre-wrap break-words text-start font-sans text-sm text-slate-800">
                    {p.text}
                  </pre>
                </article>
              ))}
            </div>
          </section>
        )}
        {stale && <p className="text-sm text-amber-900">{t("runsAdmin.message.editAgain")}</p>}
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          <BackLink href={href()} label={t("runsAdmin.form.cancel")} />
          <button type="submit" name="intent" value="previewRunMessage" disabled={busy} className="btn-secondary inline-flex px-4 py-2 text-sm disabled:opacity-60">
            {busy && fetcher.formData?.get("intent") === "previewRunMessage" ? t("runsAdmin.message.previewing") : t("runsAdmin.message.preview")}
          </button>
          {preview && !stale && (
            <button type="submit" name="intent" value="sendRunMessage" disabled={busy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
              {busy && fetcher.formData?.get("intent") === "sendRunMessage"
                ? t("runsAdmin.message.sending")
                : t("runsAdmin.message.send", { count: preview.recipients ?? run.approved })}
            </button>
          )}
        </div>
      </fetcher.Form>
      {guard}
    </div>
  );
}
