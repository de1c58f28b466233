// The two emails of an enrollment request (SPEC §4, §7): the provider notification (in the language of the
// inbox's staff account, else the student's; replies go to the student) and the student's confirmation (in
// the student's language). Strings: "enrollmentEmails.*" in app/locales/<lng>/enrollment-emails.json (never sent to a browser); the layout
// escapes every value. Issue 20: a request for a run says the run's start in Cairo time, and whether it
// is on the run's waiting list ("runRequestEmails.*" in run-request-emails.json, a staff-only file).
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { phoneInText } from "~/lib/phone.ts";
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

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
  /** The run asked for (issue 20); `waiting` when it was full, so the request is on its waiting list. */
  run?: { startsAt: Date; schedule: string | null; scheduleAr: string | null; mode: string; waiting: boolean };
}

/** The run's start in Cairo time, the zone said: "Tuesday, January 12, 2027 at 7:00 PM (Cairo time)". */
function runStart(run: NonNullable<EnrollmentRequestEmail["run"]>, locale: "en" | "ar", t: EmailT) {
  const when = formatRunMoment(run.startsAt, locale, "long");
  const zone = t("runs.cairoTime");
  return { when, zone, text: `${when} (${zone})` };
}

/** The schedule text in the reader's language, else the other one. */
function scheduleIn(run: NonNullable<EnrollmentRequestEmail["run"]>, locale: "en" | "ar"): string {
  const [first, second] = locale === "ar" ? [run.scheduleAr, run.schedule] : [run.schedule, run.scheduleAr];
  return first?.trim() || second?.trim() || "";
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
  const f = "enrollmentEmails.notification.fields";
  const run = r.run;
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("enrollmentEmails.notification.heading"),
    paragraphs: [
      t("enrollmentEmails.notification.intro", { name: r.studentName, course: r.course.title }),
      ...(run?.waiting ? [t("runRequestEmails.notification.waiting")] : []),
    ],
    links: [{ label: t("enrollmentEmails.notification.review"), url: reviewUrl }],
    fields: [
      { label: t(`${f}.studentName`), value: r.studentName },
      { label: t(`${f}.studentEmail`), value: r.studentEmail },
      { label: t(`${f}.studentPhone`), value: phoneInText(r.studentPhone, locale) },
      { label: t(`${f}.courseName`), value: r.course.title },
      ...(run ? [{ label: t("runRequestEmails.fields.run"), value: runStart(run, locale, t).text }] : []),
      ...(run?.waiting ? [{ label: t("runRequestEmails.fields.status"), value: t("runRequestEmails.waitingList") }] : []),
      { label: t(`${f}.courseId`), value: r.course.id },
      { label: t(`${f}.message`), value: r.message ?? t("enrollmentEmails.noMessage") },
      { label: t(`${f}.enrollmentId`), value: ltrToken(r.id, locale) },
      { label: t(`${f}.language`), value: t(`enrollmentEmails.languageNames.${r.studentLocale}`) },
    ],
    footer: t("email.footer", { brand }),
  });
  const subject = run?.waiting ? "runRequestEmails.notification.waitingSubject" : "enrollmentEmails.notification.subject";
  return { subject: t(subject, { course: r.course.title, id: r.id }), text, html };
}

export function renderEnrollmentConfirmationEmail(input: {
  locale: "en" | "ar";
  /** A translation function fixed to `locale`. */
  t: EmailT;
  brand: string;
  request: EnrollmentRequestEmail;
  /** The course page, in the student's language. */
  courseUrl: string;
  /** The student's own page of this enrollment, with its token (issue 37 item 3). */
  pageUrl?: string;
}): RenderedEmail {
  const { locale, t, brand, request: r, courseUrl } = input;
  const f = "enrollmentEmails.confirmation.fields";
  const run = r.run;
  const start = run ? runStart(run, locale, t) : null;
  const schedule = run ? scheduleIn(run, locale) : "";
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    // A request on a waiting list is said to be one, not also "we will contact you to confirm" (issue 36 item 10).
    heading: t(run?.waiting ? "runRequestEmails.confirmation.waitingHeading" : "enrollmentEmails.confirmation.heading"),
    paragraphs: [
      t("email.greeting", { name: r.studentName }),
      t(run?.waiting ? "runRequestEmails.confirmation.waitingIntro" : "enrollmentEmails.confirmation.intro", { course: r.course.title }),
      ...(run && start
        ? [t(run.waiting ? "runRequestEmails.confirmation.waiting" : "runRequestEmails.confirmation.starts", { when: start.when, zone: start.zone })]
        : []),
      t("enrollmentEmails.confirmation.idNote", { id: ltrToken(r.id, locale) }),
      t("enrollmentEmails.confirmation.replyNote"),
    ],
    links: [
      ...(input.pageUrl ? [{ label: t("enrollmentEmails.pageLink"), url: input.pageUrl }] : []),
      { label: t("enrollmentEmails.confirmation.courseLink"), url: courseUrl },
    ],
    fields: [
      { label: t(`${f}.course`), value: r.course.title },
      ...(run && start
        ? [
            { label: t("runRequestEmails.fields.starts"), value: start.text },
            ...(schedule ? [{ label: t("runRequestEmails.fields.schedule"), value: schedule }] : []),
            { label: t("runRequestEmails.fields.mode"), value: t(`runs.mode.${run.mode}`) },
            ...(run.waiting ? [{ label: t("runRequestEmails.fields.status"), value: t("runRequestEmails.waitingList") }] : []),
          ]
        : []),
      { label: t(`${f}.enrollmentId`), value: ltrToken(r.id, locale) },
      { label: t(`${f}.studentName`), value: r.studentName },
      { label: t(`${f}.phone`), value: phoneInText(r.studentPhone, locale) },
    ],
    footer: t("email.footer", { brand }),
  });
  const subject = run?.waiting ? "runRequestEmails.confirmation.waitingSubject" : "enrollmentEmails.confirmation.subject";
  return { subject: t(subject, { course: r.course.title, id: r.id }), text, html };
}
