import { getFormProps } from "@conform-to/react";
import { Check, Circle } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form } from "react-router";
import { PasswordField } from "~/components/forms/field-controls.tsx";
import type { AuthReply } from "../auth-reply.ts";
import { changePasswordSchema, PASSWORD_MAX, PASSWORD_RULES, resetPasswordSchema } from "../auth.schema.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { useAuthForm } from "./use-auth-form.ts";

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
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const schema = strong ? changePasswordSchema : resetPasswordSchema;
  const { form, fields, busy } = useAuthForm({ id, schema, reply });

  const rules = strong ? PASSWORD_RULES : PASSWORD_RULES.filter((r) => r.id === "length");
  const checks = [
    ...rules.map((r) => ({ id: r.id, label: r.label, met: r.test(password) })),
    { id: "match", label: "auth.password.rules.match", met: password.length > 0 && password === confirmation },
  ];
  const valid = checks.every((c) => c.met) && password.length <= PASSWORD_MAX;
  const rulesId = `${id}-rules`;
  const passwords = [
    { meta: fields.newPassword, label: "auth.reset.newPassword", onValue: setPassword },
    { meta: fields.confirmPassword, label: "auth.reset.confirmPassword", onValue: setConfirmation },
  ];

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {reply?.messageKey && <Notice tone="error" as="div">{t(reply.messageKey)}</Notice>}
      {token !== undefined && <input type="hidden" name="token" value={token} />}
      {passwords.map(({ meta, label, onValue }) => (
        <PasswordField
          key={meta.name}
          meta={meta}
          label={t(label)}
          required
          describedByIds={[rulesId]}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      ))}
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
