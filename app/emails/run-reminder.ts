// The reminder a student gets two days before their run starts (issue 20 point 4), in the student's
// language: the date and time in Cairo time, the schedule, how it is taught and where. Strings:
// "runReminderEmails.*" (app/locales/<lng>/run-reminder-emails.json) and "runs.*"; the layout escapes.
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface RunReminderEmailInput {
  locale: "en" | "ar";
  t: EmailT;
  brand: string;
  studentName: string;
  courseName: string;
  enrollmentId: string;
  run: {
    startsAt: Date;
    schedule: string | null;
    scheduleAr: string | null;
    mode: string;
    location: string | null;
    locationAr: string | null;
  };
  /** A live run's joining link, for a confirmed student only (issue 38 item 3); null otherwise. */
  joinUrl?: string | null;
}

/** The text in the student's language, else the other one. */
function inLanguage(locale: "en" | "ar", en: string | null, ar: string | null): string {
  const [first, second] = locale === "ar" ? [ar, en] : [en, ar];
  return first?.trim() || second?.trim() || "";
}

export function renderRunReminderEmail(input: RunReminderEmailInput): RenderedEmail {
  const { locale, t, brand, studentName, courseName, enrollmentId, run } = input;
  const when = formatRunMoment(run.startsAt, locale, "long");
  const zone = t("runs.cairoTime");
  const schedule = inLanguage(locale, run.schedule, run.scheduleAr);
  const location = run.mode === "on_site" ? inLanguage(locale, run.location, run.locationAr) : "";
  const fields = [
    { label: t("runReminderEmails.fields.course"), value: courseName },
    { label: t("runReminderEmails.fields.starts"), value: `${when} (${zone})` },
    ...(schedule ? [{ label: t("runReminderEmails.fields.schedule"), value: schedule }] : []),
    { label: t("runReminderEmails.fields.mode"), value: t(`runs.mode.${run.mode}`) },
    ...(location ? [{ label: t("runReminderEmails.fields.location"), value: location }] : []),
    { label: t("runReminderEmails.fields.enrollmentId"), value: ltrToken(enrollmentId, locale) },
  ];
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t("runReminderEmails.heading"),
    paragraphs: [
      t("email.greeting", { name: studentName }),
      t("runReminderEmails.intro", { course: courseName, when, zone }),
      t("runReminderEmails.next"),
    ],
    fields,
    ...(input.joinUrl ? { links: [{ label: t("runReminderEmails.join"), url: input.joinUrl }] } : {}),
    footer: t("email.footer", { brand }),
  });
  return {
    subject: t("runReminderEmails.subject", { course: courseName, date: formatRunMoment(run.startsAt, locale, "short") }),
    text,
    html,
  };
}
