// Message the run's approved students: the runs sheet's message view (&runView=message). The text is
// written in both languages and previewed as each student will receive it; Send is offered only while the
// text is the one previewed.
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { FormAlert, useDialogForm } from "~/components/admin/form-kit.tsx";
import { TextAreaField, TextField } from "~/components/forms/field-controls.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AdminRunRow } from "../../course-runs-admin.server.ts";
import { RUN_LIMITS, runMessageValuesSchema } from "../../course-runs.schema.ts";
import type { CoursesReply } from "../../courses.schema.ts";
import { BackLink, useViewGuard, type RunsSheetProps } from "./sheet-parts.tsx";

const MESSAGE_FIELDS = ["subject", "body", "subjectAr", "bodyAr"] as const;

/** The text a preview was made of, to know whether it was edited since. */
function snapshot(formEl: HTMLFormElement): string {
  return MESSAGE_FIELDS.map((n) => String(new FormData(formEl).get(n) ?? "")).join("\u0000");
}

/** The preview of the email in one language, its labels in the page's language. */
function PreviewCard({ p }: { p: { locale: string; subject: string; text: string } }) {
  const { t } = useI18n();
  const dir = p.locale === "ar" ? "rtl" : "ltr";
  return (
    <article className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h5 className="text-sm font-semibold text-slate-800">{p.locale === "ar" ? t("runsAdmin.message.previewAr") : t("runsAdmin.message.previewEn")}</h5>
      <p className="mt-1 text-sm font-medium text-slate-900">
        {t("runsAdmin.message.subject")}:{" "}
        <bdi lang={p.locale} dir={dir}>
          {p.subject}
        </bdi>
      </p>
      <pre lang={p.locale} dir={dir} className="mt-2 whitespace-pre-wrap break-words text-start font-sans text-sm text-slate-800">
        {p.text}
      </pre>
    </article>
  );
}

export function RunMessage({ run, locale, hydrated, href, action, initialReply, onDone }: RunsSheetProps & { run: AdminRunRow; onDone: () => void }) {
  const { t } = useI18n();
  const { root, allowRef, guard } = useViewGuard(hydrated);
  const [previewedText, setPreviewedText] = useState<string | null>(null);
  const [currentText, setCurrentText] = useState<string | null>(null);
  const { fetcher, form, fields, reply, busy } = useDialogForm<CoursesReply, typeof runMessageValuesSchema>({
    intent: ["previewRunMessage", "sendRunMessage"],
    schema: runMessageValuesSchema,
    initialReply,
    onSuccess: (r) => {
      if (r.intent === "sendRunMessage") {
        showToast("success", t("runsAdmin.message.sent", { count: r.sent ?? 0 }));
        allowRef.current = true;
        onDone();
      } else {
        const el = document.getElementById(form.id);
        if (el instanceof HTMLFormElement) setPreviewedText(snapshot(el));
      }
    },
  });
  // The preview shown, and the text it was made of: Send is offered only while the text is unchanged.
  const preview = reply?.ok && reply.intent === "previewRunMessage" ? reply : undefined;
  const stale = hydrated && preview !== undefined && previewedText !== null && currentText !== null && currentText !== previewedText;
  const date = `${formatRunMoment(run.startsAt, locale, "long")} (${t("runs.cairoTime")})`;
  const sending = (which: string) => busy && fetcher.formData?.get("intent") === which;
  const area = (meta: FieldMetadata<unknown>, lang: "en" | "ar") => {
    const shared = { meta, lang, dir: lang === "ar" ? "rtl" : "ltr" } as const;
    return meta.name.startsWith("body") ? (
      <TextAreaField {...shared} label={t("runsAdmin.message.body")} hint={t("runsAdmin.message.bodyHint")} maxLength={RUN_LIMITS.body} rows={6} />
    ) : (
      <TextField {...shared} label={t("runsAdmin.message.subject")} maxLength={RUN_LIMITS.subject} />
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
            {area(fields.subject, "en")}
            {area(fields.body, "en")}
          </fieldset>
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{t("runsAdmin.message.arabic")}</legend>
            {area(fields.subjectAr, "ar")}
            {area(fields.bodyAr, "ar")}
          </fieldset>
        </div>
        {preview?.preview && !stale && (
          <section aria-labelledby={`${form.id}-preview`} className="space-y-3">
            <h4 id={`${form.id}-preview`} className="font-semibold text-slate-900">
              {t("runsAdmin.message.previewTitle")}
            </h4>
            <div className="grid gap-3 md:grid-cols-2">
              {preview.preview.map((p) => (
                <PreviewCard key={p.locale} p={p} />
              ))}
            </div>
          </section>
        )}
        {stale && <p className="text-sm text-amber-900">{t("runsAdmin.message.editAgain")}</p>}
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          <BackLink href={href()} label={t("runsAdmin.form.cancel")} />
          <button type="submit" name="intent" value="previewRunMessage" disabled={busy} className="btn-secondary inline-flex px-4 py-2 text-sm disabled:opacity-60">
            {sending("previewRunMessage") ? t("runsAdmin.message.previewing") : t("runsAdmin.message.preview")}
          </button>
          {preview && !stale && (
            <button type="submit" name="intent" value="sendRunMessage" disabled={busy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
              {sending("sendRunMessage") ? t("runsAdmin.message.sending") : t("runsAdmin.message.send", { count: preview.recipients ?? run.approved })}
            </button>
          )}
        </div>
      </fetcher.Form>
      {guard}
    </div>
  );
}
