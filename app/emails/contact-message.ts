// The provider's email for a contact message (SPEC §7 contact parameters: from_name, from_email, to_name,
// to_email, subject, message, reply_to), in the language of the inbox's staff account, else the visitor's.
// Strings: "contact.email.*" in app/locales/<lng>/forms.json; the layout escapes every value.
import { renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export function renderContactMessageEmail(input: {
  locale: "en" | "ar";
  /** A translation function fixed to `locale`. */
  t: EmailT;
  brand: string;
  message: { name: string; email: string; message: string; locale: "en" | "ar" };
  /** The provider inbox the email goes to. */
  to: string;
  /** The admin messages page, in the inbox owner's language. */
  reviewUrl: string;
}): RenderedEmail {
  const { locale, t, brand, message: m, to, reviewUrl } = input;
  const subject = t("contact.email.subject", { name: m.name });
  const f = "contact.email.fields";
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("contact.email.heading"),
    paragraphs: [t("contact.email.intro", { name: m.name })],
    links: [{ label: t("contact.email.review"), url: reviewUrl }],
    fields: [
      { label: t(`${f}.fromName`), value: m.name },
      { label: t(`${f}.fromEmail`), value: m.email },
      { label: t(`${f}.toName`), value: brand },
      { label: t(`${f}.toEmail`), value: to },
      { label: t(`${f}.subject`), value: subject },
      { label: t(`${f}.message`), value: m.message },
      { label: t(`${f}.replyTo`), value: m.email },
      { label: t(`${f}.language`), value: t(`contact.email.languageNames.${m.locale}`) },
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject, text, html };
}
