// "Your request's page" (issue 37 item 3): the signed link of a request, sent again to the email it was
// made with, in the language of the page that asked. Strings: "enrollmentEmails.link.*" (server only).
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface EnrollmentLinkEmailInput {
  locale: "en" | "ar";
  t: EmailT;
  brand: string;
  studentName: string;
  courseName: string;
  enrollmentId: string;
  pageUrl: string;
}

export function renderEnrollmentLinkEmail(input: EnrollmentLinkEmailInput): RenderedEmail {
  const { locale, t, brand } = input;
  const id = ltrToken(input.enrollmentId, locale);
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("enrollmentEmails.link.heading"),
    paragraphs: [t("email.greeting", { name: input.studentName }), t("enrollmentEmails.link.intro", { course: input.courseName, id }), t("enrollmentEmails.link.notYou")],
    links: [{ label: t("enrollmentEmails.pageLink"), url: input.pageUrl }],
    fields: [],
    footer: t("email.footer", { brand }),
  });
  return { subject: t("enrollmentEmails.link.subject", { id: input.enrollmentId }), text, html };
}
