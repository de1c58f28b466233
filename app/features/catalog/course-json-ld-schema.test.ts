// Issue 20 acceptance: the course page's JSON-LD validates as a Course whose CourseInstance entries have
// `startDate` and `courseMode`, checked against Google's "Course info (Course and CourseInstance)
// structured data" properties (developers.google.com/search/docs/appearance/structured-data/course-info),
// listed below as data: what Google requires, what it recommends, and the values it accepts. Properties we
// have no data for (ratings, reviews, credentials, financial aid, video, syllabus sections) are listed too,
// with the reason they are absent, so a reader sees the whole list.
import { describe, expect, it } from "vitest";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import type { CourseDetail } from "./catalog.server.ts";
import { courseJsonLd } from "./course-json-ld.ts";
import { runInstances } from "./course-runs-json-ld.ts";

/** Google's Course info properties: required ones must be present for the rich result. */
const GOOGLE_COURSE = {
  required: ["name", "description", "provider", "provider.name", "offers", "offers.category", "hasCourseInstance"],
  recommended: ["image", "inLanguage", "offers.price", "offers.priceCurrency"],
  /** Recommended, but the site has no such data (no ratings, reviews, credentials, aid, videos or syllabus sections). */
  notKept: [
    "aggregateRating",
    "review",
    "educationalCredentialAwarded",
    "financialAidEligible",
    "coursePrerequisites",
    "syllabusSections",
    "totalHistoricalEnrollment",
    "video",
    "availableLanguage",
  ],
  offerCategories: ["Free", "Partially Free", "Subscription", "Paid"],
} as const;

/** Google's CourseInstance properties (each item of hasCourseInstance). */
const GOOGLE_COURSE_INSTANCE = {
  required: ["courseMode"],
  /** One of these two; a courseSchedule needs its duration, repeatFrequency and repeatCount. */
  requiredOneOf: ["courseSchedule", "courseWorkload"],
  scheduleRequired: ["duration", "repeatFrequency", "repeatCount"],
  recommended: ["courseSchedule.startDate", "courseSchedule.endDate", "instructor", "instructor.name"],
  /** Issue 20 asks these of every run (schema.org Event properties of CourseInstance). */
  issue20: ["startDate", "offers", "offers.priceCurrency"],
  courseModes: ["Online", "Onsite", "Blended"],
  repeatFrequencies: ["Daily", "Weekly", "Monthly", "Yearly"],
} as const;

const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;
const ISO_DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function get(node: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), node);
}

const present = (node: unknown, path: string) => {
  const v = get(node, path);
  return v !== undefined && v !== null && v !== "";
};

const course: CourseDetail = {
  id: "c1",
  slug: "full-stack",
  title: "Full-Stack Web Development",
  summary: "HTML to deployment.",
  language: "en",
  hours: 120,
  price: 9500,
  priceVisible: true,
  thumbnailUrl: "/media/demo/full-stack.webp",
  approvedCount: 4,
  nextStartAt: null,
  categoryName: null,
  categoryNameAr: null,
  description: "A long description.",
  level: "beginner",
  curriculum: [],
  outcomes: [],
  outcomesAr: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
  instructor: { name: "Ahmed Samir", nameAr: "أحمد سمير", title: null, titleAr: null, photoUrl: null, bio: null, bioAr: null, anchor: "i-1" },
  category: null,
  subcategory: null,
};

const base: PublicRun = {
  id: "r",
  courseId: "c1",
  startsAt: new Date("2027-01-12T17:00:00Z"),
  endsAt: new Date("2027-04-12T19:00:00Z"),
  schedule: "Sun and Wed, 7–9 pm",
  scheduleAr: null,
  mode: "live_online",
  location: null,
  locationAr: null,
  capacity: 10,
  price: null,
  instructorId: null,
  sessionMinutes: 120,
  repeatFrequency: "weekly",
  repeatCount: 26,
  updatedAt: new Date(0),
  approved: 0,
  seatsLeft: 10,
  full: false,
};

// The kinds of run the demo and the admin form make: live weekly, self-paced, on-site with its own
// instructor and price, full, and one without any schedule figures.
const runs: PublicRun[] = [
  base,
  { ...base, id: "s", mode: "self_paced", endsAt: null, sessionMinutes: null, repeatFrequency: null, repeatCount: null },
  { ...base, id: "o", mode: "on_site", location: "Nasr City, Cairo", locationAr: "مدينة نصر، القاهرة", instructorId: "i2", price: 11000, repeatFrequency: "daily", repeatCount: 10, sessionMinutes: 240 },
  { ...base, id: "f", capacity: 2, approved: 2, seatsLeft: 0, full: true, repeatFrequency: "monthly", repeatCount: 3 },
  { ...base, id: "n", sessionMinutes: null, repeatFrequency: null, repeatCount: null, endsAt: null },
];

function jsonLd(locale: "en" | "ar", runsOf: PublicRun[], patch: Partial<CourseDetail> = {}): Record<string, unknown> {
  const data = courseJsonLd({
    course: { ...course, ...patch },
    locale,
    brand: "Nile Academy",
    origin: "https://academy.example",
    settings: { brand: { name: { en: "Nile Academy" }, description: {} }, social: {} },
    images: ["/media/demo/full-stack.webp"],
    instances: runInstances({
      runs: runsOf,
      course: { ...course, ...patch },
      locale,
      origin: "https://academy.example",
      runInstructors: { i2: { name: "Mona Adel", nameAr: "منى عادل" } },
    }),
  });
  // What the page serves: JSON, so only JSON values count.
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

function instances(data: Record<string, unknown>): Record<string, unknown>[] {
  const list = data.hasCourseInstance;
  return (Array.isArray(list) ? list : [list]) as Record<string, unknown>[];
}

describe("course JSON-LD against Google's Course info properties", () => {
  it.each(["en", "ar"] as const)("is a Course with Google's required and recommended properties (%s)", (locale) => {
    const data = jsonLd(locale, runs);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Course");
    for (const path of [...GOOGLE_COURSE.required, ...GOOGLE_COURSE.recommended]) expect(present(data, path), path).toBe(true);
    for (const path of GOOGLE_COURSE.notKept) expect(present(data, path), path).toBe(false);
    expect(GOOGLE_COURSE.offerCategories).toContain(get(data, "offers.category"));
  });

  it.each(["en", "ar"] as const)("has one CourseInstance per upcoming run with startDate, courseMode and a complete schedule or workload (%s)", (locale) => {
    const list = instances(jsonLd(locale, runs));
    expect(list).toHaveLength(runs.length);
    for (const instance of list) {
      expect(instance["@type"]).toBe("CourseInstance");
      for (const path of [...GOOGLE_COURSE_INSTANCE.required, ...GOOGLE_COURSE_INSTANCE.issue20]) expect(present(instance, path), path).toBe(true);
      expect(GOOGLE_COURSE_INSTANCE.courseModes).toContain(instance.courseMode);
      expect(instance.startDate).toMatch(ISO_DATE_TIME_WITH_OFFSET);
      if (instance.endDate !== undefined) expect(instance.endDate).toMatch(ISO_DATE_TIME_WITH_OFFSET);
      expect(GOOGLE_COURSE_INSTANCE.requiredOneOf.some((p) => present(instance, p))).toBe(true);
      const schedule = instance.courseSchedule as Record<string, unknown> | undefined;
      const completeSchedule = schedule !== undefined && GOOGLE_COURSE_INSTANCE.scheduleRequired.every((p) => present(schedule, p));
      // A schedule without all three figures is only there next to the workload.
      if (!completeSchedule) expect(instance.courseWorkload, JSON.stringify(instance)).toMatch(ISO_DURATION);
      if (schedule) {
        expect(schedule["@type"]).toBe("Schedule");
        if (schedule.duration !== undefined) expect(schedule.duration).toMatch(ISO_DURATION);
        if (schedule.repeatFrequency !== undefined) expect(GOOGLE_COURSE_INSTANCE.repeatFrequencies).toContain(schedule.repeatFrequency);
        if (schedule.repeatCount !== undefined) expect(Number.isInteger(schedule.repeatCount) && (schedule.repeatCount as number) > 0).toBe(true);
        for (const path of ["courseSchedule.startDate", "courseSchedule.endDate"]) {
          if (present(instance, path)) expect(get(instance, path)).toMatch(ISO_DATE);
        }
      }
      if (instance.courseWorkload !== undefined) expect(instance.courseWorkload).toMatch(ISO_DURATION);
      for (const path of GOOGLE_COURSE_INSTANCE.recommended.filter((p) => p.startsWith("instructor"))) expect(present(instance, path), path).toBe(true);
      expect(get(instance, "offers.priceCurrency")).toBe("EGP");
      expect(GOOGLE_COURSE.offerCategories).toContain(get(instance, "offers.category"));
    }
    // The on-site run names its place; the others have none.
    const onSite = list.find((i) => i.courseMode === "Onsite")!;
    expect(get(onSite, "location.@type")).toBe("Place");
    expect(present(onSite, "location.name") && present(onSite, "location.address")).toBe(true);
    expect(list.filter((i) => i.location !== undefined)).toHaveLength(1);
    // The weekly run has Google's full schedule with start and end dates.
    for (const path of GOOGLE_COURSE_INSTANCE.recommended.filter((p) => p.startsWith("courseSchedule"))) expect(present(list[0], path), path).toBe(true);
  });

  it("still satisfies the required properties for a course without runs or with a hidden price", () => {
    for (const data of [jsonLd("en", []), jsonLd("ar", runs, { price: null, priceVisible: false })]) {
      for (const path of GOOGLE_COURSE.required) expect(present(data, path), path).toBe(true);
      for (const instance of instances(data)) {
        expect(GOOGLE_COURSE_INSTANCE.courseModes).toContain(instance.courseMode);
        expect(GOOGLE_COURSE_INSTANCE.requiredOneOf.some((p) => present(instance, p))).toBe(true);
      }
    }
  });
});
