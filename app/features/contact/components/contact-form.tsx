import { Notice } from "~/components/ui/notice.tsx";
import { useEffect, useRef, type FormEvent } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { useFetcher } from "react-router";
import { Honeypot, PersonFields, TextAreaControl, validated } from "~/components/forms/field.tsx";
import type { FormReply } from "~/lib/form-action.server.ts";
import { useValidatedForm } from "~/lib/form-validation.ts";
import { CONTACT_LIMITS, validateContact } from "../contact.rules.ts";

export type ContactReply = FormReply<{ id: string }>;

const FIELDS = ["name", "email", "message"] as const;

/**
 * After a refused send the errors (under the fields, or the notice above them) push Send down, on a phone
 * under the chat dock (issue 36 item 4): it is brought back above whatever is fixed at the bottom (the
 * page's scroll-padding, app/app.css), as long as the field that now has focus stays below the header.
 */
function keepInView(button: HTMLElement | null): void {
  requestAnimationFrame(() => {
    if (!button) return;
    const reserved = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
    const below = button.getBoundingClientRect().bottom - (window.innerHeight - reserved);
    if (below <= 0) return;
    const focused = document.activeElement;
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const room = focused instanceof HTMLElement && focused !== document.body ? focused.getBoundingClientRect().top - header : below;
    window.scrollBy(0, Math.min(below, Math.max(0, room)));
  });
}

/**
 * SPEC contact form: Sending..., a 5-second toast on an error; a plain post without JS. Sent, the action
 * redirects to the confirmation (contact-sent.tsx, issue 36: it stays on the page instead of a toast).
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
  const send = useRef<HTMLButtonElement>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    // Refused in the browser: the errors show, focus is on the first wrong field.
    if (event.defaultPrevented) keepInView(send.current);
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    // A refusal is said once, in the form (the notice at its top, an alert, scrolled into view): a toast
    // saying it again stood over Send on phones (issue 36). Field errors keep Send above the chat dock.
    if (!fetcher.data.messageKey) keepInView(send.current);
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form method="post" action={lp("/contact")} {...formProps} onSubmit={onSubmit} className="relative space-y-4">
      <p className="text-xs text-slate-600">{t("contact.requiredNote")}</p>
      {reply?.messageKey && !reply.success && (
        <Notice tone="error" reveal>
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
      <button ref={send} type="submit" disabled={busy} className="btn-primary inline-flex disabled:opacity-60">
        {busy ? t("contact.sending") : t("contact.submit")}
      </button>
    </fetcher.Form>
  );
}
