// The two emails of an enrollment request (SPEC §4, §7): the provider notification (in the language of the
// inbox's staff account, else the student's; replies go to the student) and the student's confirmation (in
// the student's language). Strings: "enrollment.email.*" in app/locales/<lng>/forms.json; the layout
// escapes every value.
import { phoneInText } from "~/lib/phone.ts";
import { renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface EnrollmentRequestEmail {
  id: string;
  studentName: string;
  studentEmail: string;
  /** E.164; shown grouped (D26). */
  studentPhone: string;
  message: string | undefined;
  course: { id: string; title: string };
  /** The language the student used on the site. */
  studentLocale: "en" | "ar";
}

export function renderEnrollmentNotificationEmail(input: {
  locale: "en" | "ar";
  /** A translation function fixed to `locale`. */
  t: EmailT;
  brand: string;
  request: EnrollmentRequestEmail;
  /** The admin enrollments page, in the inbox owner's language. */
  reviewUrl: string;
}): RenderedEmail {
  const { locale, t, brand, request: r, reviewUrl } = input;
  const f = "enrollment.email.notification.fields";
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("enrollment.email.notification.heading"),
    paragraphs: [
      t("enrollment.email.notification.intro", { name: r.studentName, course: r.course.title }),
      t("enrollment.email.notification.review", { url: reviewUrl }),
    ],
    fields: [
      { label: t(`${f}.studentName`), value: r.studentName },
      { label: t(`${f}.studentEmail`), value: r.studentEmail },
      { label: t(`${f}.studentPhone`), value: phoneInText(r.studentPhone, locale) },
      { label: t(`${f}.courseName`), value: r.course.title },
      { label: t(`${f}.courseId`), value: r.course.id },
      { label: t(`${f}.message`), value: r.message ?? t("enrollment.email.noMessage") },
      { label: t(`${f}.enrollmentId`), value: r.id },
      { label: t(`${f}.language`), value: t(`enrollment.email.languageNames.${r.studentLocale}`) },
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject: t("enrollment.email.notification.subject", { course: r.course.title, id: r.id }), text, html };
}

export function renderEnrollmentConfirmationEmail(input: {
  locale: "en" | "ar";
  /** A translation function fixed to `locale`. */
  t: EmailT;
  brand: string;
  request: EnrollmentRequestEmail;
  /** The course page, in the student's language. */
  courseUrl: string;
}): RenderedEmail {
  const { locale, t, brand, request: r, courseUrl } = input;
  const f = "enrollment.email.confirmation.fields";
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("enrollment.email.confirmation.heading"),
    paragraphs: [
      t("email.greeting", { name: r.studentName }),
      t("enrollment.email.confirmation.intro", { course: r.course.title }),
      t("enrollment.email.confirmation.idNote", { id: r.id }),
      t("enrollment.email.confirmation.replyNote"),
      t("enrollment.email.confirmation.courseLink", { url: courseUrl }),
    ],
    fields: [
      { label: t(`${f}.course`), value: r.course.title },
      { label: t(`${f}.enrollmentId`), value: r.id },
      { label: t(`${f}.studentName`), value: r.studentName },
      { label: t(`${f}.phone`), value: phoneInText(r.studentPhone, locale) },
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject: t("enrollment.email.confirmation.subject", { course: r.course.title, id: r.id }), text, html };
}
