// /instructor-login (SPEC §2): email and password (show/hide), 'Login' / 'Processing...'. A plain form
// post, so it works without JavaScript; with it, the fields are checked as they are typed.
import { getFormProps } from "@conform-to/react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form } from "react-router";
import type { AuthReply } from "~/features/auth/auth-reply.ts";

import { Notice } from "~/components/ui/notice.tsx";
import { SignInFields } from "~/features/auth/components/sign-in-fields.tsx";
import { useAuthForm } from "~/features/auth/components/use-auth-form.ts";
import { formatTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { instructorLoginSchema } from "../accounts.schema.ts";

/**
 * Why the instructor is here (issue 36 item 11): the account's access or the 7-day session ended at a
 * time of day in Cairo, after the automatic sign-out or a reload of an expired page.
 */
export function SessionEndedNotice({ ended, locale }: { ended: { reason: "account" | "session"; at: string }; locale: Locale }) {
  const { t } = useI18n();
  return (
    <Notice tone="warning" className="mb-4" as="div">
      {t(`instructorPortal.login.ended.${ended.reason}`, { time: formatTime(ended.at, locale) })}
    </Notice>
  );
}

export function InstructorLoginForm({ reply }: { reply?: AuthReply }) {
  const { t } = useI18n();
  const { form, fields, busy } = useAuthForm({ id: "instructor-login", schema: instructorLoginSchema, reply });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" noValidate>
      {reply?.messageKey && <Notice tone="error" as="div">{t(reply.messageKey)}</Notice>}
      <SignInFields email={fields.email} password={fields.password} words="instructorPortal.login" />
      <button type="submit" disabled={busy} className="btn-primary flex w-full disabled:opacity-60">
        {busy ? t("instructorPortal.login.submitting") : t("instructorPortal.login.submit")}
      </button>
    </Form>
  );
}
