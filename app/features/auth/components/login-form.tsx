import { getFormProps } from "@conform-to/react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link } from "react-router";
import type { AuthReply } from "../auth-reply.ts";
import { AUTH_ERRORS, loginSchema } from "../auth.schema.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { SignInFields } from "./sign-in-fields.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** Staff sign-in (SPEC /login): email, password with show/hide, Sign In; a plain post without JS. */
export function LoginForm({ reply, from }: { reply?: AuthReply; from: string }) {
  const { t } = useI18n();
  const { form, fields, busy } = useAuthForm({ id: "login", schema: loginSchema, reply });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {reply?.messageKey && (
        <Notice tone="error" as="div">
          {t(reply.messageKey)}
          {reply.messageKey === AUTH_ERRORS.invalidCredentials && (
            <>
              {" "}
              <Link to="/forgot-password" className="font-semibold underline">
                {t("auth.login.forgotPassword")}
              </Link>
            </>
          )}
        </Notice>
      )}
      <input type="hidden" name="from" value={from} />
      <SignInFields email={fields.email} password={fields.password} words="auth.login" />
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm font-medium text-teal-800 underline hover:text-teal-950">
          {t("auth.login.forgotPassword")}
        </Link>
      </div>
      <button type="submit" disabled={busy} className="btn-primary flex w-full disabled:opacity-60">
        {busy ? t("auth.login.submitting") : t("auth.login.submit")}
      </button>
    </Form>
  );
}
