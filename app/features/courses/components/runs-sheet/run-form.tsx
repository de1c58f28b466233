// Add or edit a run: the runs sheet's form view (&runView=new|edit). Dates are typed in Cairo time; an
// edit carries the version it was opened at, so a colleague's newer save is refused, never overwritten
// (issue 35 item 6), and what was typed stays in the form.
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { FormStart, useDialogForm, useOpenedVersion } from "~/components/admin/form-kit.tsx";
import { SelectField, TextField } from "~/components/forms/field-controls.tsx";
import { inputClass } from "~/components/forms/field.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { utcToCairoWallTime } from "~/lib/cairo-time.ts";
import { RUN_MODES, RUN_REPEAT_FREQUENCIES, RUN_STATUSES } from "~/domain/runs/run-rules.ts";
import { pickText } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AdminRunRow } from "../../course-runs-admin.server.ts";
import { RUN_LIMITS, runFormSchema } from "../../course-runs.schema.ts";
import type { CoursesReply } from "../../courses.schema.ts";
import { BackLink, useViewGuard, type RunsSheetProps } from "./sheet-parts.tsx";

type Meta = FieldMetadata<unknown>;

/** The form's values for a stored run (dates as Cairo wall time, numbers as typed text). */
function runDefaults(run: AdminRunRow) {
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    intent: "updateRun",
    runId: run.id,
    startsAt: utcToCairoWallTime(new Date(run.startsAt)),
    endsAt: run.endsAt ? utcToCairoWallTime(new Date(run.endsAt)) : "",
    schedule: run.schedule ?? "",
    scheduleAr: run.scheduleAr ?? "",
    mode: run.mode,
    location: run.location ?? "",
    locationAr: run.locationAr ?? "",
    capacity: text(run.capacity),
    price: text(run.price),
    status: run.status,
    instructorId: run.instructorId ?? "",
    sessionMinutes: text(run.sessionMinutes),
    repeatFrequency: run.repeatFrequency ?? "",
    repeatCount: text(run.repeatCount),
    joinUrl: run.joinUrl ?? "",
  };
}

export function RunForm({ course, run, view, instructors, hydrated, locale, href, action, initialReply, onDone }: RunsSheetProps & { onDone: () => void }) {
  const { t } = useI18n();
  const editing = view === "edit" && run !== null;
  const intent = editing ? "updateRun" : "createRun";
  const { root, allowRef, guard } = useViewGuard(hydrated);
  const { fetcher, form, fields, reply, busy } = useDialogForm<CoursesReply, typeof runFormSchema>({
    intent,
    schema: runFormSchema,
    defaultValue: editing ? runDefaults(run) : { intent, courseId: course.id, mode: "live_online", status: "open" },
    initialReply,
    onSuccess: () => {
      showToast("success", editing ? t("runsAdmin.form.updated") : t("runsAdmin.form.created"));
      allowRef.current = true;
      onDone();
    },
  });
  const version = useOpenedVersion(editing ? run.version : undefined, reply);
  const text = (meta: Meta, label: string, lang: "en" | "ar", hintKey?: string) => (
    <TextField
      meta={meta}
      label={label}
      hint={hintKey ? t(hintKey) : undefined}
      maxLength={meta.name.startsWith("schedule") ? RUN_LIMITS.schedule : RUN_LIMITS.location}
      lang={lang}
      dir={lang === "ar" ? "rtl" : "auto"}
    />
  );
  // Text, not number: Arabic-Indic digits typed or pasted are accepted (D26).
  const number = (meta: Meta, label: string, hintKey?: string) => (
    <TextField
      meta={meta}
      label={label}
      hint={hintKey ? t(hintKey) : undefined}
      inputMode={meta.name === "price" ? "decimal" : "numeric"}
      dir="ltr"
      className={`${inputClass} text-start`}
    />
  );
  const moment = (meta: Meta, label: string, required: boolean) => (
    <TextField meta={meta} type="datetime-local" label={label} required={required} dir="ltr" className={`${inputClass} text-start`} />
  );
  return (
    <div ref={root}>
      <h3 className="mb-3 text-lg font-semibold text-slate-900">{editing ? t("runsAdmin.form.editTitle") : t("runsAdmin.form.addTitle")}</h3>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate preventScrollReset className="space-y-4">
        <FormStart
          form={form}
          reply={reply}
          hidden={editing ? { intent, runId: run.id, version: version ?? "" } : { intent, courseId: course.id }}
        />
        <p className="rounded-lg bg-teal-50 p-3 text-sm text-teal-950">{t("runsAdmin.intro")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {moment(fields.startsAt, t("runsAdmin.form.startsAt"), true)}
          {moment(fields.endsAt, t("runsAdmin.form.endsAt"), false)}
          {text(fields.schedule, t("runsAdmin.form.schedule"), "en", "runsAdmin.form.scheduleHint")}
          {text(fields.scheduleAr, t("runsAdmin.form.scheduleAr"), "ar")}
          <SelectField meta={fields.mode} label={t("runsAdmin.form.mode")} required>
            {RUN_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`runs.mode.${m}`)}
              </option>
            ))}
          </SelectField>
          <SelectField meta={fields.status} label={t("runsAdmin.form.status")} required>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`runsAdmin.status.${s}`)}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <TextField
              meta={fields.joinUrl}
              type="url"
              label={t("runsAdmin.form.joinUrl")}
              hint={t("runsAdmin.form.joinUrlHint")}
              maxLength={RUN_LIMITS.joinUrl}
              dir="ltr"
              autoComplete="off"
            />
          </div>
          {text(fields.location, t("runsAdmin.form.location"), "en", "runsAdmin.form.locationHint")}
          {text(fields.locationAr, t("runsAdmin.form.locationAr"), "ar")}
          {number(fields.capacity, t("runsAdmin.form.capacity"), "runsAdmin.form.capacityHint")}
          {number(fields.price, t("runsAdmin.form.price"), "runsAdmin.form.priceHint")}
          <div className="sm:col-span-2">
            <SelectField meta={fields.instructorId} label={t("runsAdmin.form.instructor")}>
              <option value="">{t("runsAdmin.form.courseInstructor")}</option>
              {instructors.map((i) => (
                <option key={i.id} value={i.id}>
                  {pickText({ en: i.name, ar: i.nameAr }, locale)}
                </option>
              ))}
            </SelectField>
          </div>
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{t("runsAdmin.form.searchLegend")}</legend>
            {number(fields.sessionMinutes, t("runsAdmin.form.sessionMinutes"))}
            <SelectField meta={fields.repeatFrequency} label={t("runsAdmin.form.repeatFrequency")}>
              <option value="">{t("runsAdmin.form.noRepeat")}</option>
              {RUN_REPEAT_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`runsAdmin.frequency.${f}`)}
                </option>
              ))}
            </SelectField>
            {number(fields.repeatCount, t("runsAdmin.form.repeatCount"))}
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
