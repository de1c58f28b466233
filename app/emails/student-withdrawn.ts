// "You withdrew your request" (issue 38 item 2): the record of a withdrawal the student made from their
// page, in their language, with the link to the page (it now says withdrawn). Someone who forwarded their
// link learns of it here too. Strings: "studentEmails.withdrawn.*" (server only).
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface WithdrawnEmailInput {
  locale: "en" | "ar";
  t: EmailT;
  brand: string;
  studentName: string;
  courseName: string;
  enrollmentId: string;
  pageUrl: string;
}

export function renderWithdrawnEmail(input: WithdrawnEmailInput): RenderedEmail {
  const { locale, t, brand } = input;
  const k = "studentEmails.withdrawn";
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t(`${k}.heading`),
    paragraphs: [t("email.greeting", { name: input.studentName }), t(`${k}.intro`, { course: input.courseName }), t(`${k}.notYou`)],
    links: [{ label: t("enrollmentEmails.pageLink"), url: input.pageUrl }],
    fields: [
      { label: t("paymentEmails.fields.course"), value: input.courseName },
      {
        label: t("paymentEmails.fields.enrollmentId"),
        value: ltrToken(input.enrollmentId, locale),
      },
    ],
    footer: t("email.footer", { brand }),
  });
  return {
    subject: t(`${k}.subject`, { course: input.courseName }),
    text,
    html,
  };
}
