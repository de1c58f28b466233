import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/forms/field.tsx";
import type { AuthReply } from "../auth-reply.ts";
import { forgotPasswordSchema } from "../auth.schema.ts";

import { Notice } from "~/components/ui/notice.tsx";

/** Request a reset link; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm({ reply }: { reply?: AuthReply }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData !== undefined;
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  if (reply?.success) {
    return (
      <div className="space-y-6">
        <Notice tone="success" as="div">{t("auth.forgot.success")}</Notice>
        <Link to="/login" className="inline-block font-medium text-teal-800 underline hover:text-teal-950">
          {t("auth.backToLogin")}
        </Link>
      </div>
    );
  }
  const describedBy = fields.email.errors?.length ? `${fields.email.id}-error` : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {reply?.messageKey && <Notice tone="error" as="div">{t(reply.messageKey)}</Notice>}
      <Field id={fields.email.id} label={t("auth.login.email")} required errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          placeholder={t("auth.login.emailPlaceholder")}
          className={`${inputClass} text-start`}
          aria-describedby={describedBy}
        />
      </Field>
      <button type="submit" disabled={busy} className="btn-primary flex w-full disabled:opacity-60">
        {busy ? t("auth.forgot.submitting") : t("auth.forgot.submit")}
      </button>
      <Link to="/login" className="inline-block text-sm font-medium text-teal-800 underline hover:text-teal-950">
        {t("auth.backToLogin")}
      </Link>
    </Form>
  );
}
