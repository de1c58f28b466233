// /instructor-login (SPEC §2): email and password (show/hide), 'Login' / 'Processing...'. A plain form
// post, so it works without JavaScript; with it, the fields are checked as they are typed.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/forms/field.tsx";
import type { AuthReply } from "~/features/auth/auth-reply.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { PasswordInput } from "~/components/forms/password-input.tsx";
import { instructorLoginSchema } from "../accounts.schema.ts";

export function InstructorLoginForm({ reply }: { reply?: AuthReply }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData !== undefined;
  const [form, fields] = useForm({
    id: "instructor-login",
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: instructorLoginSchema }),
  });
  const describedBy = (id: string, errors?: string[]) => (errors?.length ? `${id}-error` : undefined);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {reply?.messageKey && <Notice tone="error" as="div">{t(reply.messageKey)}</Notice>}
      <Field id={fields.email.id} label={t("instructorPortal.login.email")} required errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="username"
          dir="ltr"
          maxLength={254}
          placeholder={t("instructorPortal.login.emailPlaceholder")}
          className={`${inputClass} text-start`}
          aria-describedby={describedBy(fields.email.id, fields.email.errors)}
        />
      </Field>
      <Field id={fields.password.id} label={t("instructorPortal.login.password")} required errors={fields.password.errors}>
        <PasswordInput
          {...getInputProps(fields.password, { type: "password" })}
          key={fields.password.key}
          id={fields.password.id}
          autoComplete="current-password"
          aria-describedby={describedBy(fields.password.id, fields.password.errors)}
        />
      </Field>
      <button type="submit" disabled={busy} className="btn-primary flex w-full disabled:opacity-60">
        {busy ? t("instructorPortal.login.submitting") : t("instructorPortal.login.submit")}
      </button>
    </Form>
  );
}
