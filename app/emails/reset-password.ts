// The password-reset email (QUALITY "Reset tokens"): the link to our /reset-password page, in the language
// the reset was asked in. Strings: "auth.email.reset.*" in app/locales/<lng>/auth.json; the layout escapes
// every value.
import { renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export function renderResetPasswordEmail(input: {
  locale: "en" | "ar";
  /** A translation function fixed to `locale`. */
  t: EmailT;
  brand: string;
  email: string;
  link: string;
}): RenderedEmail {
  const { locale, t, brand, email, link } = input;
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("auth.email.reset.heading"),
    paragraphs: [
      t("auth.email.reset.greeting"),
      t("auth.email.reset.intro", { email, brand }),
      t("auth.email.reset.action"),
    ],
    links: [{ label: link, url: link }],
    closing: [t("auth.email.reset.validity"), t("auth.email.reset.ignore")],
    footer: t("email.footer", { brand }),
  });
  return { subject: t("auth.email.reset.subject", { brand }), text, html };
}
