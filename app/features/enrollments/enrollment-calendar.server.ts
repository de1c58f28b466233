// "Add to my calendar" (issue 38 item 3): a confirmed seat's sessions as an iCalendar file, opened by the
// request's own signed link (the token is checked by getStudentEnrollment). Times are written in UTC (each
// calendar shows them in its own zone; the sessions were stepped on Cairo's clock, so summer time is right);
// each session keeps one UID, so importing the file again after staff move the run updates the events.
// The joining link of a live run is in each event: the file is the student's, like their page.
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { enrollmentPageUrl } from "~/domain/enrollments/enrollment-link.server.ts";
import { env } from "~/lib/env.server.ts";
import { emailT } from "~/lib/email.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import { getStudentEnrollment } from "./student-enrollment.server.ts";

const utc = (iso: string): DateArray => {
  const d = new Date(iso);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
};

/** The .ics text, or null when the link is wrong or the seat is not confirmed. */
export async function enrollmentCalendar(reference: string, token: string | null, locale: Locale): Promise<string | null> {
  const e = await getStudentEnrollment(reference, token, locale);
  if (!e?.sessions || e.sessions.list.length === 0) return null;
  const t = emailT(locale);
  const page = enrollmentPageUrl(env().PUBLIC_URL, locale, e.reference);
  const host = new URL(env().PUBLIC_URL).hostname;
  const join = e.sessions.joinUrl;
  const events: EventAttributes[] = e.sessions.list.map((s) => ({
    uid: `${e.reference}-${s.number}@${host}`,
    title: t("myEnrollment.sessions.eventTitle", { course: e.courseName, n: s.number }),
    start: utc(s.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utc(s.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    description: [join ? `${t("myEnrollment.sessions.join")}: ${join}` : null, `${t("myEnrollment.heading")}: ${page}`].filter(Boolean).join("\n"),
    ...(join ? { url: join, location: join } : {}),
    productId: "nile-academy/student-calendar",
    calName: e.courseName,
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error("calendar not written");
  return value;
}
