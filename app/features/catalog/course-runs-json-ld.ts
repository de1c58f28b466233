// Course runs in a course page's structured data (issue 20 point 7): each upcoming run as a schema.org
// CourseInstance as Google's "Course info" reads it: courseMode Online/Onsite, a courseSchedule of session
// length, frequency and count where known, else the course's workload (always for self-paced runs); start
// and end in Cairo time with the offset; the place of an on-site run; the run's own instructor, else the
// course's; its own offer (the run's price, else the course's, hidden when the course hides its price).
// Made by the course page's loader (course-runs-page.server.ts): none of it ships to the browser.
import { cairoOffsetMinutes, utcToCairoWallTime } from "~/lib/cairo-time.ts";
import { courseHref } from "~/lib/catalog-links.ts";
import type { PublicRun, RunMode, RunRepeatFrequency } from "~/domain/runs/run-rules.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { localizedUrl } from "~/lib/seo.ts";
import type { CourseDetail } from "./catalog.server.ts";
import { courseOffer } from "./course-json-ld.ts";

type RunInstanceCourse = Pick<CourseDetail, "slug" | "hours" | "price" | "priceVisible" | "instructor">;
type RunInstructors = Record<string, { name: string; nameAr: string | null }>;

/** Google's courseMode for each run mode (self-paced courses are taken online). */
export const COURSE_MODE: Record<RunMode, "Online" | "Onsite" | "Blended"> = {
  live_online: "Online",
  self_paced: "Online",
  on_site: "Onsite",
};

/** Google's courseSchedule.repeatFrequency words. */
const REPEAT_FREQUENCY: Record<RunRepeatFrequency, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };

/** An ISO 8601 duration of whole minutes: 120 → "PT2H", 90 → "PT1H30M", 45 → "PT45M". */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ""}${m || !h ? `${m}M` : ""}`;
}

/** A moment as an ISO 8601 date-time in Cairo time with its offset: "2027-01-12T19:00:00+02:00". */
export function cairoIso(at: Date): string {
  const offset = cairoOffsetMinutes(at);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${utcToCairoWallTime(at)}:00${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** The upcoming runs as CourseInstances, in the page's language, for courseJsonLd's `instances`. */
export function runInstances({
  runs,
  course,
  locale,
  origin,
  runInstructors = {},
}: {
  runs: PublicRun[];
  course: RunInstanceCourse;
  locale: Locale;
  origin: string;
  runInstructors?: RunInstructors;
}): Record<string, unknown>[] {
  const url = localizedUrl(origin, courseHref(course.slug), locale);
  const instructor = course.instructor
    ? { "@type": "Person", name: pickText({ en: course.instructor.name, ar: course.instructor.nameAr }, locale) }
    : null;
  return runs.map((run) => runInstance({ run, course, locale, url, instructor, runInstructors }));
}

/** One upcoming run as a CourseInstance with its dates, schedule, place, instructor and offer. */
function runInstance({
  run,
  course,
  locale,
  url,
  instructor,
  runInstructors,
}: {
  run: PublicRun;
  course: RunInstanceCourse;
  locale: Locale;
  url: string;
  instructor: Record<string, unknown> | null;
  runInstructors: RunInstructors;
}): Record<string, unknown> {
  const own = run.instructorId ? runInstructors[run.instructorId] : undefined;
  const teacher = own ? { "@type": "Person", name: pickText({ en: own.name, ar: own.nameAr }, locale) } : instructor;
  const schedule: Record<string, unknown> = {
    ...(run.sessionMinutes ? { duration: isoDuration(run.sessionMinutes) } : {}),
    ...(run.repeatFrequency ? { repeatFrequency: REPEAT_FREQUENCY[run.repeatFrequency] } : {}),
    ...(run.repeatCount ? { repeatCount: run.repeatCount } : {}),
  };
  const fullSchedule = "duration" in schedule && "repeatFrequency" in schedule && "repeatCount" in schedule;
  // Google wants a complete schedule or the workload; a self-paced run has no sessions, only the workload.
  const workload =
    run.mode === "self_paced" || !fullSchedule
      ? course.hours
        ? `PT${course.hours}H`
        : run.sessionMinutes && run.repeatCount
          ? isoDuration(run.sessionMinutes * run.repeatCount)
          : null
      : null;
  const place = run.mode === "on_site" ? pickText({ en: run.location, ar: run.locationAr }, locale) : "";
  return {
    "@type": "CourseInstance",
    courseMode: COURSE_MODE[run.mode],
    startDate: cairoIso(run.startsAt),
    ...(run.endsAt ? { endDate: cairoIso(run.endsAt) } : {}),
    ...(run.mode !== "self_paced" && Object.keys(schedule).length
      ? {
          courseSchedule: {
            "@type": "Schedule",
            ...schedule,
            startDate: utcToCairoWallTime(run.startsAt).slice(0, 10),
            ...(run.endsAt ? { endDate: utcToCairoWallTime(run.endsAt).slice(0, 10) } : {}),
          },
        }
      : {}),
    ...(workload ? { courseWorkload: workload } : {}),
    ...(place ? { location: { "@type": "Place", name: place, address: place } } : {}),
    ...(teacher ? { instructor: teacher } : {}),
    offers: {
      "@type": "Offer",
      ...courseOffer({ price: run.price ?? course.price, priceVisible: course.priceVisible }),
      url,
      availability: run.full ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    },
  };
}
