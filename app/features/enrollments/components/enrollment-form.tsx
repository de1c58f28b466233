import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Field, Honeypot, inputClass } from "~/components/forms/field.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { FormReply } from "~/lib/form-action.server.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE, enrollmentSchema } from "../enrollment.schema.ts";

export type EnrollmentReply = FormReply<{ enrollmentId: string }>;

function describedBy(id: string, hasError: boolean, hint?: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * The enrollment request form (SPEC modal fields). Validates in the browser with the same schema the
 * server uses; errors clear as the visitor edits; without JavaScript it is a plain form post.
 */
export function EnrollmentForm({
  course,
  fetcherKey,
  initialReply,
  onSuccess,
  onCancel,
}: {
  course: { id: string; slug: string; title: string };
  fetcherKey: string;
  /** The server's reply when the page was rendered after a no-JS post. */
  initialReply?: EnrollmentReply;
  onSuccess?: (enrollmentId: string) => void;
  onCancel?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === "ar" ? "ar" : "en";
  const fetcher = useFetcher<EnrollmentReply>({ key: fetcherKey });
  const reply = fetcher.data ?? initialReply;
  const [form, fields] = useForm({
    id: `enroll-${fetcherKey}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    defaultValue: { countryCode: DEFAULT_COUNTRY_CODE, courseId: course.id },
    constraint: {},
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enrollmentSchema }),
  });
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.success) {
      showToast("success", t("enrollment.success", { id: fetcher.data.success.enrollmentId }));
      onSuccess?.(fetcher.data.success.enrollmentId);
    } else if (fetcher.data.formError) {
      showToast("error", t(fetcher.data.formError === "enrollment.errors.invalid" ? "enrollment.error" : fetcher.data.formError));
    }
  }, [fetcher.state, fetcher.data, onSuccess, t]);

  const formError = reply?.formError;
  return (
    <fetcher.Form
      method="post"
      action={`/courses/${course.slug}/enroll`}
      {...getFormProps(form)}
      className="relative space-y-4"
      noValidate
    >
      <p className="text-xs text-slate-600">{t("enrollment.requiredNote")}</p>
      {formError && !reply?.success && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t(formError === "enrollment.errors.invalid" ? "enrollment.error" : formError)}
        </p>
      )}
      <input type="hidden" name="courseId" value={course.id} />
      <Field id={fields.studentName.id} label={t("enrollment.fields.studentName.label")} required errors={fields.studentName.errors}>
        <input
          {...getInputProps(fields.studentName, { type: "text" })}
          key={fields.studentName.key}
          autoComplete="name"
          maxLength={100}
          placeholder={t("enrollment.fields.studentName.placeholder")}
          className={inputClass}
          aria-describedby={describedBy(fields.studentName.id, Boolean(fields.studentName.errors))}
        />
      </Field>
      <Field id={fields.studentEmail.id} label={t("enrollment.fields.studentEmail.label")} required errors={fields.studentEmail.errors}>
        <input
          {...getInputProps(fields.studentEmail, { type: "email" })}
          key={fields.studentEmail.key}
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          placeholder={t("enrollment.fields.studentEmail.placeholder")}
          className={`${inputClass} text-start`}
          aria-describedby={describedBy(fields.studentEmail.id, Boolean(fields.studentEmail.errors))}
        />
      </Field>
      <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-3">
        <Field id={fields.countryCode.id} label={t("enrollment.fields.countryCode.label")} errors={fields.countryCode.errors}>
          <select {...getSelectProps(fields.countryCode)} key={fields.countryCode.key} className={inputClass} autoComplete="tel-country-code">
            {COUNTRY_CODES.map((c) => (
              <option key={c.code} value={c.code}>
                {/* LRM keeps "+20" reading left to right inside Arabic text. */}
                {`${pickText(c.name, locale)} (\u200E${c.code})`}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.phoneNumber.id}
          label={t("enrollment.fields.phoneNumber.label")}
          required
          errors={fields.phoneNumber.errors}
          hint={t("enrollment.fields.phoneNumber.hint")}
        >
          <input
            {...getInputProps(fields.phoneNumber, { type: "tel" })}
            key={fields.phoneNumber.key}
            autoComplete="tel-national"
            dir="ltr"
            inputMode="tel"
            maxLength={30}
            placeholder={t("enrollment.fields.phoneNumber.placeholder")}
            className={`${inputClass} text-start`}
            aria-describedby={describedBy(fields.phoneNumber.id, Boolean(fields.phoneNumber.errors), true)}
          />
        </Field>
      </div>
      <Field id={fields.message.id} label={t("enrollment.fields.message.label")} errors={fields.message.errors}>
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={3}
          maxLength={2000}
          placeholder={t("enrollment.fields.message.placeholder")}
          className={inputClass}
          aria-describedby={describedBy(fields.message.id, Boolean(fields.message.errors))}
        />
      </Field>
      <Honeypot label={t("enrollment.fields.website.label")} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" onClick={onCancel} className="btn-secondary inline-flex">
            {t("enrollment.cancel")}
          </button>
        )}
        <button type="submit" disabled={busy} className="btn-primary inline-flex disabled:opacity-60">
          {busy ? t("enrollment.submitting") : t("enrollment.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}
