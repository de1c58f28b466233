// The email a student gets when staff approve or reject their enrollment request (issue 6), in the
// student's own language (enrollments.locale). Strings: "adminEnrollments.email.*" in
// app/locales/<lng>/admin-enrollments.json; the layout escapes every value.
import { renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface EnrollmentStatusEmailInput {
  locale: "en" | "ar";
  /** A translation function fixed to `locale`. */
  t: EmailT;
  brand: string;
  status: "approved" | "rejected";
  studentName: string;
  courseName: string;
  enrollmentId: string;
}

export function renderEnrollmentStatusEmail(input: EnrollmentStatusEmailInput): RenderedEmail {
  const { locale, t, brand, status, studentName, courseName, enrollmentId } = input;
  const k = `adminEnrollments.email.${status}`;
  const vars = { course: courseName, id: enrollmentId };
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t(`${k}.heading`),
    paragraphs: [t("email.greeting", { name: studentName }), t(`${k}.intro`, vars), t(`${k}.next`, vars)],
    fields: [
      { label: t("adminEnrollments.email.fields.course"), value: courseName },
      { label: t("adminEnrollments.email.fields.enrollmentId"), value: enrollmentId },
      { label: t("adminEnrollments.email.fields.status"), value: t(`adminEnrollments.status.${status}`) },
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject: t(`${k}.subject`, vars), text, html };
}
