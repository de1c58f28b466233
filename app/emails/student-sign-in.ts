// "Your sign-in link" (issue 38 item 1): a single-use link to the student's area, valid 15 minutes, in the
// language of the page that asked. Strings: "studentEmails.signIn.*" (server only).
import { renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface StudentSignInEmailInput {
  t: EmailT;
  locale: "en" | "ar";
  brand: string;
  url: string;
  minutes: number;
}

export function renderStudentSignInEmail(input: StudentSignInEmailInput): RenderedEmail {
  const { t, locale, brand } = input;
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("studentEmails.signIn.heading"),
    paragraphs: [t("studentEmails.signIn.intro", { brand }), t("studentEmails.signIn.expires", { count: input.minutes }), t("studentEmails.signIn.notYou")],
    links: [{ label: t("studentEmails.signIn.button"), url: input.url }],
    fields: [],
    footer: t("email.footer", { brand }),
  });
  return { subject: t("studentEmails.signIn.subject", { brand }), text, html };
}
