import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Field, Honeypot, inputClass } from "~/components/forms/field.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { FormReply } from "~/lib/form-action.server.ts";
import { contactSchema } from "../contact.schema.ts";

export type ContactReply = FormReply<{ id: string }>;

/** SPEC contact form: Sending..., 5-second toasts, fields cleared on success; a plain post without JS. */
export function ContactForm({ initialReply }: { initialReply?: ContactReply }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ContactReply>({ key: "contact" });
  const reply = fetcher.data ?? initialReply;
  const [form, fields] = useForm({
    id: "contact",
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.success) showToast("success", t("contact.success"));
    else if (fetcher.data.formError) {
      showToast("error", t(fetcher.data.formError === "contact.errors.invalid" ? "contact.error" : fetcher.data.formError));
    }
  }, [fetcher.state, fetcher.data, t]);

  const err = (id: string, errors?: string[]) => (errors?.length ? `${id}-error` : undefined);
  return (
    <fetcher.Form method="post" action="/contact" {...getFormProps(form)} className="relative space-y-4" noValidate>
      <p className="text-xs text-slate-600">{t("contact.requiredNote")}</p>
      {!fetcher.data && initialReply?.success && (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-emerald-700" />
          {t("contact.success")}
        </p>
      )}
      {reply?.formError && !reply.success && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t(reply.formError === "contact.errors.invalid" ? "contact.error" : reply.formError)}
        </p>
      )}
      <Field id={fields.name.id} label={t("contact.fields.name.label")} required errors={fields.name.errors}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          autoComplete="name"
          maxLength={100}
          placeholder={t("contact.fields.name.placeholder")}
          className={inputClass}
          aria-describedby={err(fields.name.id, fields.name.errors)}
        />
      </Field>
      <Field id={fields.email.id} label={t("contact.fields.email.label")} required errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          placeholder={t("contact.fields.email.placeholder")}
          className={`${inputClass} text-start`}
          aria-describedby={err(fields.email.id, fields.email.errors)}
        />
      </Field>
      <Field id={fields.message.id} label={t("contact.fields.message.label")} required errors={fields.message.errors}>
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={5}
          maxLength={2000}
          placeholder={t("contact.fields.message.placeholder")}
          className={inputClass}
          aria-describedby={err(fields.message.id, fields.message.errors)}
        />
      </Field>
      <Honeypot label={t("contact.fields.website.label")} />
      <button type="submit" disabled={busy} className="btn-primary inline-flex disabled:opacity-60">
        {busy ? t("contact.sending") : t("contact.submit")}
      </button>
    </fetcher.Form>
  );
}
