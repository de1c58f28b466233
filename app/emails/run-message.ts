// A message staff write to the approved students of a run (issue 20 point 4), in the student's language:
// the subject and body exactly as typed (plain text: the layout escapes every value and keeps line
// breaks), with the course and the run's start in Cairo time beneath. Strings: "runsAdmin.email.*"
// (app/locales/<lng>/admin-runs.json) and "runs.cairoTime".
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface RunMessageEmailInput {
  locale: "en" | "ar";
  t: EmailT;
  brand: string;
  studentName: string;
  courseName: string;
  startsAt: Date;
  subject: string;
  body: string;
}

export function renderRunMessageEmail(input: RunMessageEmailInput): RenderedEmail {
  const { locale, t, brand, studentName, courseName, startsAt, subject, body } = input;
  const when = `${formatRunMoment(startsAt, locale, "long")} (${t("runs.cairoTime")})`;
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: subject,
    paragraphs: [t("email.greeting", { name: studentName }), body],
    fields: [
      { label: t("runsAdmin.email.course"), value: courseName },
      { label: t("runsAdmin.email.starts"), value: when },
    ],
    footer: t("runsAdmin.email.footer", { brand }),
  });
  return { subject, text, html };
}
