import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { TextField } from "~/components/forms/field-controls.tsx";
import { inputClass } from "~/components/forms/field.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AuthReply } from "../auth-reply.ts";
import { secondStepSchema } from "../auth.schema.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/**
 * The second step of a staff sign-in: the 6-digit code from the authenticator app (or a recovery code),
 * "trust this device for 30 days", and a link to switch between the two. A plain post without JS.
 */
export function SecondStepForm({ method, from, reply }: { method: "totp" | "recovery"; from: string; reply?: AuthReply }) {
  const { t } = useI18n();
  const { form, fields, busy } = useAuthForm({ id: `second-step-${method}`, schema: secondStepSchema, reply, shouldValidate: "onSubmit" });
  const query = new URLSearchParams();
  if (from) query.set("from", from);
  if (method === "totp") query.set("method", "recovery");
  const otherMethod = `/login/two-factor${query.size ? `?${query}` : ""}`;
  const codeErrors = fields.code.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {/* A refusal shown next to the code is not repeated above the form. */}
      {reply?.messageKey && !codeErrors?.includes(reply.messageKey) && <Notice tone="error" as="div">{t(reply.messageKey)}</Notice>}
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="from" value={from} />
      <TextField
        meta={fields.code}
        label={t(method === "totp" ? "auth.twoFactor.step.codeLabel" : "auth.twoFactor.step.recoveryLabel")}
        required
        autoFocus
        dir="ltr"
        autoComplete={method === "totp" ? "one-time-code" : "off"}
        inputMode={method === "totp" ? "numeric" : "text"}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={method === "totp" ? 12 : 24}
        placeholder={method === "totp" ? "123456" : "abcde-12345"}
        className={`${inputClass} text-start font-mono tracking-widest`}
      />
      <div className="flex items-start gap-3">
        <input
          id="trust-device"
          name="trustDevice"
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-teal-700 focus-visible:outline-2 focus-visible:outline-teal-700"
          aria-describedby="trust-device-hint"
        />
        <div>
          <label htmlFor="trust-device" className="text-sm font-medium text-slate-800">
            {t("auth.twoFactor.step.trustDevice")}
          </label>
          <p id="trust-device-hint" className="text-xs text-slate-600">
            {t("auth.twoFactor.step.trustDeviceHint")}
          </p>
        </div>
      </div>
      <button type="submit" disabled={busy} className="btn-primary flex w-full disabled:opacity-60">
        {busy ? t("auth.twoFactor.step.submitting") : t("auth.twoFactor.step.submit")}
      </button>
      <p className="flex flex-wrap justify-between gap-3 text-sm">
        <Link to={otherMethod} replace className="font-medium text-teal-800 underline hover:text-teal-950">
          {t(method === "totp" ? "auth.twoFactor.step.useRecovery" : "auth.twoFactor.step.useApp")}
        </Link>
        <Link to="/login" className="font-medium text-teal-800 underline hover:text-teal-950">
          {t("auth.twoFactor.step.startOver")}
        </Link>
      </p>
    </Form>
  );
}
