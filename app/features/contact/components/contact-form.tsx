import { Notice } from "~/components/ui/notice.tsx";
import { useEffect } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { useFetcher } from "react-router";
import { Honeypot, PersonFields, TextAreaControl, validated } from "~/components/forms/field.tsx";
import { Icon } from "~/components/icons/icon.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { FormReply } from "~/lib/form-action.server.ts";
import { useValidatedForm } from "~/lib/form-validation.ts";
import { CONTACT_LIMITS, validateContact } from "../contact.rules.ts";

export type ContactReply = FormReply<{ id: string }>;

const FIELDS = ["name", "email", "message"] as const;

/**
 * SPEC contact form: Sending..., 5-second toasts, fields cleared on success; a plain post without JS.
 * Checked in the browser with the rules the server's schema applies (contact.rules.ts), without zod.
 */
export function ContactForm({ initialReply }: { initialReply?: ContactReply }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const fetcher = useFetcher<ContactReply>({ key: "contact" });
  const reply = fetcher.data ?? initialReply;
  const { formProps, field } = useValidatedForm({
    id: "contact",
    fields: FIELDS,
    validate: validateContact,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
  });
  const name = field("name");
  const email = field("email");
  const message = field("message");
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.success) showToast("success", t("contact.success"));
    else if (fetcher.data.messageKey) {
      showToast("error", t(fetcher.data.messageKey === "contact.errors.invalid" ? "contact.error" : fetcher.data.messageKey));
    }
  }, [fetcher.state, fetcher.data, t]);

  return (
    <fetcher.Form method="post" action={lp("/contact")} {...formProps} className="relative space-y-4">
      <p className="text-xs text-slate-600">{t("contact.requiredNote")}</p>
      {!fetcher.data && initialReply?.success && (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950">
          <Icon name="circle-check" className="h-5 w-5 shrink-0 text-emerald-700" />
          {t("contact.success")}
        </p>
      )}
      {reply?.messageKey && !reply.success && (
        <Notice tone="error">
          {t(reply.messageKey === "contact.errors.invalid" ? "contact.error" : reply.messageKey)}
        </Notice>
      )}
      <PersonFields
        name={name}
        email={email}
        nameMax={CONTACT_LIMITS.name}
        keys={{ name: "contact.fields.name", email: "contact.fields.email" }}
      />
      <TextAreaControl
        wired={validated(message)}
        label={t("contact.fields.message.label")}
        required
        rows={5}
        maxLength={CONTACT_LIMITS.message}
        placeholder={t("contact.fields.message.placeholder")}
      />
      <Honeypot label={t("contact.fields.website.label")} />
      <button type="submit" disabled={busy} className="btn-primary inline-flex disabled:opacity-60">
        {busy ? t("contact.sending") : t("contact.submit")}
      </button>
    </fetcher.Form>
  );
}
