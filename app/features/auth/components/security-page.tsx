import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { getFormProps, getInputProps } from "@conform-to/react";
import { KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { SECURITY_SCHEMAS } from "../auth.schema.ts";
import { useAuthForm } from "./use-auth-form.ts";
import type { SecurityIntent, SecurityReply, TwoFactorStatus } from "../security-reply.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { PasswordInput } from "~/components/forms/password-input.tsx";


/** The staff member's own two-step sign-in: set up, recovery codes, turn off. Every form posts without JS. */
export function SecurityPage({ email, status, reply }: { email: string; status: TwoFactorStatus; reply?: SecurityReply }) {
  const { t } = useI18n();
  const codes = reply?.ok ? reply.recoveryCodes : undefined;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div>
        <h1 className="flex items-center gap-3 text-2xl font-bold text-slate-900">
          {t("auth.twoFactor.security.heading")}
          <span
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${status.enabled ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}
          >
            {t(status.enabled ? "auth.twoFactor.security.statusOn" : "auth.twoFactor.security.statusOff")}
          </span>
        </h1>
        <p className="mt-2 text-slate-700">
          {tIsolated(t, "auth.twoFactor.security.intro", {
            app1: <Ltr>Google Authenticator</Ltr>,
            app2: <Ltr>Microsoft Authenticator</Ltr>,
            app3: <Ltr>2FAS</Ltr>,
          })}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          <Ltr>{email}</Ltr>
        </p>
      </div>

      {reply?.ok && reply.intent === "turn-off" && <Notice tone="success" as="div">{t("auth.twoFactor.security.turnedOff")}</Notice>}
      {!status.enabled && status.required && <Notice tone="error" as="div">{t("auth.twoFactor.security.required")}</Notice>}

      {codes ? (
        <RecoveryCodes codes={codes} justEnabled={reply?.intent === "confirm"} />
      ) : status.enabled ? (
        <>
          <Card icon={<ShieldCheck aria-hidden="true" className="h-5 w-5 text-emerald-700" />} heading={t("auth.twoFactor.security.enabled")}>
            {status.recoveryCodesLeft !== null && (
              <p className="text-slate-700">{t("auth.twoFactor.security.codesLeft", { count: status.recoveryCodesLeft })}</p>
            )}
          </Card>
          <Card heading={t("auth.twoFactor.security.renew.heading")} intro={t("auth.twoFactor.security.renew.intro")}>
            <PasswordForm intent="recovery-codes" submit={t("auth.twoFactor.security.renew.submit")} reply={reply} />
          </Card>
          <Card
            icon={<ShieldOff aria-hidden="true" className="h-5 w-5 text-slate-600" />}
            heading={t("auth.twoFactor.security.turnOff.heading")}
            intro={t(status.required ? "auth.twoFactor.security.turnOff.required" : "auth.twoFactor.security.turnOff.intro")}
          >
            {!status.required && <PasswordForm intent="turn-off" submit={t("auth.twoFactor.security.turnOff.submit")} reply={reply} danger />}
          </Card>
        </>
      ) : status.pending ? (
        <>
          <Card heading={t("auth.twoFactor.security.scan.heading")} intro={t("auth.twoFactor.security.scan.intro")}>
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <div
                role="img"
                aria-label={t("auth.twoFactor.security.scan.qrLabel")}
                className="h-48 w-48 shrink-0 rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
                // The SVG is made on the server by the QR library from the otpauth address only.
                dangerouslySetInnerHTML={{ __html: status.pending.qrSvg }}
              />
              <div className="min-w-0 text-sm text-slate-700">
                <p>{t("auth.twoFactor.security.scan.manualKey")}</p>
                <p className="mt-2 break-words rounded-lg bg-slate-100 p-3 font-mono text-base text-slate-900" dir="ltr" data-testid="manual-key">
                  {status.pending.manualKey}
                </p>
              </div>
            </div>
          </Card>
          <Card heading={t("auth.twoFactor.security.scan.confirmHeading")}>
            <ConfirmForm reply={reply} />
          </Card>
          <details className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <summary className="cursor-pointer font-medium text-teal-800">{t("auth.twoFactor.security.scan.restart")}</summary>
            <div className="mt-4">
              <PasswordForm intent="start" submit={t("auth.twoFactor.security.scan.restart")} reply={reply} />
            </div>
          </details>
        </>
      ) : (
        <Card
          icon={<KeyRound aria-hidden="true" className="h-5 w-5 text-teal-700" />}
          heading={t("auth.twoFactor.security.start.heading")}
          intro={t("auth.twoFactor.security.start.intro")}
        >
          <PasswordForm intent="start" submit={t("auth.twoFactor.security.start.submit")} reply={reply} />
        </Card>
      )}
    </div>
  );
}

function Card({ icon, heading, intro, children }: { icon?: ReactNode; heading: string; intro?: string; children?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {heading}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-700">{intro}</p>}
      {children && <div className="mt-4">{children}</div>}
    </section>
  );
}

/** One form per intent; the reply's errors show on the form that was sent. */
function useSecurityForm(intent: SecurityIntent, reply: SecurityReply | undefined) {
  const mine = reply?.intent === intent ? reply : undefined;
  const { form, fields, busy } = useAuthForm({ id: `security-${intent}`, schema: SECURITY_SCHEMAS[intent], reply: mine, shouldValidate: "onSubmit", intent });
  const { t } = useI18n();
  const formError = mine && !mine.ok ? failureMessage(t, mine) : null;
  return { form, fields, busy, formError };
}

function PasswordForm({ intent, submit, reply, danger }: { intent: SecurityIntent; submit: string; reply?: SecurityReply; danger?: boolean }) {
  const { t } = useI18n();
  const { form, fields, busy, formError } = useSecurityForm(intent, reply);
  const password = fields.password;
  return (
    <Form method="post" action={ADMIN_PATH.security} {...getFormProps(form)} className="space-y-4" noValidate>
      {formError && <Notice tone="error" as="div">{formError}</Notice>}
      <input type="hidden" name="intent" value={intent} />
      <Field id={password.id} label={t("auth.twoFactor.security.start.password")} required errors={password.errors}>
        <PasswordInput
          {...getInputProps(password, { type: "password" })}
          key={password.key}
          id={password.id}
          autoComplete="current-password"
          aria-describedby={password.errors?.length ? `${password.id}-error` : undefined}
        />
      </Field>
      <button type="submit" disabled={busy} className={`${danger ? "btn-secondary" : "btn-primary"} inline-flex px-4 py-2 disabled:opacity-60`}>
        {submit}
      </button>
    </Form>
  );
}

function ConfirmForm({ reply }: { reply?: SecurityReply }) {
  const { t } = useI18n();
  const { form, fields, busy, formError } = useSecurityForm("confirm", reply);
  const code = fields.code;
  return (
    <Form method="post" action={ADMIN_PATH.security} {...getFormProps(form)} className="space-y-4" noValidate>
      {formError && <Notice tone="error" as="div">{formError}</Notice>}
      <input type="hidden" name="intent" value="confirm" />
      <Field id={code.id} label={t("auth.twoFactor.step.codeLabel")} required errors={code.errors}>
        <input
          {...getInputProps(code, { type: "text" })}
          key={code.key}
          dir="ltr"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          placeholder="123456"
          className={`${inputClass} max-w-xs text-start font-mono tracking-widest`}
          aria-describedby={code.errors?.length ? `${code.id}-error` : undefined}
        />
      </Field>
      <button type="submit" disabled={busy} className="btn-primary inline-flex px-4 py-2 disabled:opacity-60">
        {t("auth.twoFactor.security.scan.submit")}
      </button>
    </Form>
  );
}

/** New recovery codes, shown once: a list to copy or print, then on. */
function RecoveryCodes({ codes, justEnabled }: { codes: string[]; justEnabled: boolean }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6" aria-labelledby="recovery-codes-title">
      {justEnabled && (
        <div className="mb-4">
          <Notice tone="success" as="div">{t("auth.twoFactor.security.turnedOn")}</Notice>
        </div>
      )}
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-slate-900">
        {t("auth.twoFactor.security.codes.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{t("auth.twoFactor.security.codes.intro")}</p>
      <ul
        aria-label={t("auth.twoFactor.security.codes.listLabel")}
        dir="ltr"
        data-testid="recovery-codes"
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-white p-4 font-mono text-base text-slate-900 sm:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        {hydrated && (
          <button type="button" onClick={copy} className="btn-secondary inline-flex px-4 py-2 text-sm">
            {copied ? t("auth.twoFactor.security.codes.copied") : t("auth.twoFactor.security.codes.copy")}
          </button>
        )}
        <Link to={justEnabled ? ADMIN_PATH.dashboard : ADMIN_PATH.security} className="btn-primary inline-flex px-4 py-2 text-sm">
          {justEnabled ? t("auth.twoFactor.security.continue") : t("auth.twoFactor.security.codes.done")}
        </Link>
      </div>
      <span className="sr-only" role="status">
        {copied ? t("auth.twoFactor.security.codes.copied") : ""}
      </span>
    </section>
  );
}
