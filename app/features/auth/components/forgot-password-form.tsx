import { getFormProps } from "@conform-to/react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link } from "react-router";
import type { AuthReply } from "../auth-reply.ts";
import { forgotPasswordSchema } from "../auth.schema.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { AccountEmailField } from "./sign-in-fields.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** Request a reset link; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm({ reply }: { reply?: AuthReply }) {
  const { t } = useI18n();
  const { form, fields, busy } = useAuthForm({ id: "forgot-password", schema: forgotPasswordSchema, reply });
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
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {reply?.messageKey && <Notice tone="error" as="div">{t(reply.messageKey)}</Notice>}
      <AccountEmailField meta={fields.email} words="auth.login" autoComplete="email" />
      <button type="submit" disabled={busy} className="btn-primary flex w-full disabled:opacity-60">
        {busy ? t("auth.forgot.submitting") : t("auth.forgot.submit")}
      </button>
      <Link to="/login" className="inline-block text-sm font-medium text-teal-800 underline hover:text-teal-950">
        {t("auth.backToLogin")}
      </Link>
    </Form>
  );
}
