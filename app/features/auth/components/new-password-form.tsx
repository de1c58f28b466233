import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Check, Circle } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/forms/field.tsx";
import type { AuthReply } from "../auth-reply.ts";
import { changePasswordSchema, PASSWORD_MAX, PASSWORD_RULES, resetPasswordSchema } from "../auth.schema.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { PasswordInput } from "~/components/forms/password-input.tsx";

/**
 * New password + confirmation, each with show/hide, and the rules as a live checklist. `strong` adds the
 * forced dialog's uppercase / lowercase / number rules (SPEC §5). Once the page is interactive, submit is
 * enabled only when every rule holds and both fields match; the server validates regardless.
 */
export function NewPasswordForm({
  id,
  strong,
  reply,
  token,
}: {
  id: string;
  strong: boolean;
  reply?: AuthReply;
  /** The reset token, posted back as a hidden field. */
  token?: string;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formData !== undefined;
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const schema = strong ? changePasswordSchema : resetPasswordSchema;
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const rules = strong ? PASSWORD_RULES : PASSWORD_RULES.filter((r) => r.id === "length");
  const checks = [
    ...rules.map((r) => ({ id: r.id, label: r.label, met: r.test(password) })),
    { id: "match", label: "auth.password.rules.match", met: password.length > 0 && password === confirmation },
  ];
  const valid = checks.every((c) => c.met) && password.length <= PASSWORD_MAX;
  const rulesId = `${id}-rules`;
  const describedBy = (fieldId: string, errors?: string[]) =>
    [rulesId, errors?.length ? `${fieldId}-error` : undefined].filter(Boolean).join(" ");

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {reply?.messageKey && <Notice tone="error" as="div">{t(reply.messageKey)}</Notice>}
      {token !== undefined && <input type="hidden" name="token" value={token} />}
      <Field id={fields.newPassword.id} label={t("auth.reset.newPassword")} required errors={fields.newPassword.errors}>
        <PasswordInput
          {...getInputProps(fields.newPassword, { type: "password" })}
          key={fields.newPassword.key}
          id={fields.newPassword.id}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          onChange={(e) => setPassword(e.currentTarget.value)}
          aria-describedby={describedBy(fields.newPassword.id, fields.newPassword.errors)}
        />
      </Field>
      <Field
        id={fields.confirmPassword.id}
        label={t("auth.reset.confirmPassword")}
        required
        errors={fields.confirmPassword.errors}
      >
        <PasswordInput
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          key={fields.confirmPassword.key}
          id={fields.confirmPassword.id}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          aria-describedby={describedBy(fields.confirmPassword.id, fields.confirmPassword.errors)}
        />
      </Field>
      <div id={rulesId} className="rounded-lg bg-slate-50 p-3 text-sm">
        <p className="font-medium text-slate-800">{t("auth.change.rulesTitle")}</p>
        <ul className="mt-2 space-y-1">
          {checks.map((c) => (
            <li
              key={c.id}
              data-rule={c.id}
              data-met={c.met}
              className={`flex items-center gap-2 ${c.met ? "text-emerald-800" : "text-slate-700"}`}
            >
              {c.met ? (
                <Check aria-hidden="true" className="h-4 w-4 shrink-0" />
              ) : (
                <Circle aria-hidden="true" className="h-4 w-4 shrink-0" />
              )}
              <span>{t(c.label)}</span>
              <span className="sr-only">({c.met ? t("auth.change.ruleMet") : t("auth.change.ruleNotMet")})</span>
            </li>
          ))}
        </ul>
      </div>
      <button
        type="submit"
        disabled={busy || (hydrated && !valid)}
        className="btn-primary flex w-full disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? t("auth.reset.submitting") : t("auth.reset.submit")}
      </button>
    </Form>
  );
}
