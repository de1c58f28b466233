import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/forms/field.tsx";
import type { AuthReply } from "../auth-reply.ts";
import { AUTH_ERRORS, loginSchema } from "../auth.schema.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { PasswordInput } from "~/components/forms/password-input.tsx";

/** Staff sign-in (SPEC /login): email, password with show/hide, Sign In; a plain post without JS. */
export function LoginForm({ reply, from }: { reply?: AuthReply; from: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData !== undefined;
  const [form, fields] = useForm({
    id: "login",
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const describedBy = (id: string, errors?: string[]) => (errors?.length ? `${id}-error` : undefined);
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
      <Field id={fields.email.id} label={t("auth.login.email")} required errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="username"
          dir="ltr"
          maxLength={254}
          placeholder={t("auth.login.emailPlaceholder")}
          className={`${inputClass} text-start`}
          aria-describedby={describedBy(fields.email.id, fields.email.errors)}
        />
      </Field>
      <Field id={fields.password.id} label={t("auth.login.password")} required errors={fields.password.errors}>
        <PasswordInput
          {...getInputProps(fields.password, { type: "password" })}
          key={fields.password.key}
          id={fields.password.id}
          autoComplete="current-password"
          aria-describedby={describedBy(fields.password.id, fields.password.errors)}
        />
      </Field>
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
