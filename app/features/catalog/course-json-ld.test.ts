import { describe, expect, it } from "vitest";
import { ogImagePath, ogImageVersion } from "~/lib/og-image.ts";
import { socialSameAs } from "~/lib/seo.ts";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import type { CourseDetail } from "./catalog.server.ts";
import { courseJsonLd, courseOffer } from "./course-json-ld.ts";
import { cairoIso, isoDuration, runInstances } from "./course-runs-json-ld.ts";

const ORIGIN = "https://academy.example";

function course(patch: Partial<CourseDetail> = {}): CourseDetail {
  return {
    id: "c1",
    slug: "data-analysis",
    title: "Data Analysis with Excel",
    summary: "Tables, charts and dashboards.",
    language: "en",
    hours: 12,
    price: 1500,
    priceVisible: true,
    thumbnailUrl: "/media/demo/data-analysis.webp",
    approvedCount: 0,
    nextStartAt: null,
    categoryName: null,
    categoryNameAr: null,
    description: null,
    level: "beginner",
    curriculum: [],
    outcomes: [],
    outcomesAr: [],
    createdAt: new Date(0),
    updatedAt: new Date(0),
    instructor: { name: "Omar Hassan", nameAr: "عمر حسن", title: null, titleAr: null, photoUrl: null, bio: null, bioAr: null, anchor: "instructor-1" },
    category: null,
    subcategory: null,
    ...patch,
  };
}

const settings = {
  brand: { name: { en: "Nile Academy", ar: "أكاديمية النيل" }, description: { en: "Online courses in Egypt.", ar: "دورات أونلاين في مصر." } },
  social: { facebook: "https://www.facebook.com/nileacademy", instagram: "", linkedin: "https://www.linkedin.com/company/nile-academy", tiktok: undefined },
};

const ld = (locale: "en" | "ar", patch: Partial<CourseDetail> = {}, social: Record<string, string | undefined> = settings.social) =>
  courseJsonLd({
    course: course(patch),
    locale,
    brand: locale === "ar" ? "أكاديمية النيل" : "Nile Academy",
    origin: ORIGIN,
    settings: { ...settings, social },
    images: ["/media/demo/data-analysis.webp", "/og/courses/data-analysis.jpg?v=1"],
  }) as Record<string, Record<string, unknown>>;

describe("course JSON-LD", () => {
  it("never describes a hidden price as free: a paid offer without a price", () => {
    const offers = ld("en", { price: null, priceVisible: false }).offers!;
    expect(offers).toEqual({ "@type": "Offer", category: "Paid", url: `${ORIGIN}/en/courses/data-analysis` });
    expect(JSON.stringify(ld("ar", { price: null, priceVisible: false }))).not.toContain("Free");
  });

  it("gives a visible price as a paid offer in EGP, and no price or 0 as free", () => {
    expect(courseOffer({ price: 1500, priceVisible: true })).toEqual({ category: "Paid", price: 1500, priceCurrency: "EGP" });
    expect(courseOffer({ price: 0, priceVisible: true })).toEqual({ category: "Free", price: 0, priceCurrency: "EGP" });
    expect(courseOffer({ price: null, priceVisible: true })).toEqual({ category: "Free", price: 0, priceCurrency: "EGP" });
  });

  it("names the instructor and describes the provider in the page's language", () => {
    const en = ld("en");
    const ar = ld("ar");
    expect((en.hasCourseInstance!.instructor as { name: string }).name).toBe("Omar Hassan");
    expect((ar.hasCourseInstance!.instructor as { name: string }).name).toBe("عمر حسن");
    expect(en.provider).toMatchObject({ name: "Nile Academy", description: "Online courses in Egypt.", url: `${ORIGIN}/en` });
    expect(ar.provider).toMatchObject({ name: "أكاديمية النيل", description: "دورات أونلاين في مصر.", url: `${ORIGIN}/ar` });
    // An instructor without an Arabic name keeps the one they have.
    expect((ld("ar", { instructor: { name: "Omar Hassan", nameAr: null, title: null, titleAr: null, photoUrl: null, bio: null, bioAr: null, anchor: "instructor-1" } }).hasCourseInstance!.instructor as { name: string }).name).toBe(
      "Omar Hassan",
    );
  });

  it("lists the social profiles from Settings as sameAs, never the site itself", () => {
    expect(ld("en").provider!.sameAs).toEqual(["https://www.facebook.com/nileacademy", "https://www.linkedin.com/company/nile-academy"]);
    // None set: no sameAs at all (it used to be the site's own address).
    expect(ld("en", {}, {}).provider).not.toHaveProperty("sameAs");
    expect(JSON.stringify(ld("en", {}, {}).provider)).not.toContain('"sameAs"');
  });

  it("gives absolute image URLs, the thumbnail and the sharing image", () => {
    expect(ld("en").image).toEqual([`${ORIGIN}/media/demo/data-analysis.webp`, `${ORIGIN}/og/courses/data-analysis.jpg?v=1`]);
  });
});

function run(patch: Partial<PublicRun> = {}): PublicRun {
  return {
    id: "r1",
    courseId: "c1",
    startsAt: new Date("2027-01-12T17:00:00Z"),
    endsAt: new Date("2027-03-02T19:00:00Z"),
    schedule: "Sun and Wed, 7–9 pm",
    scheduleAr: "الأحد والأربعاء، 7–9 مساءً",
    mode: "live_online",
    location: null,
    locationAr: null,
    capacity: 12,
    price: null,
    instructorId: null,
    sessionMinutes: 120,
    repeatFrequency: "weekly",
    repeatCount: 14,
    updatedAt: new Date(0),
    approved: 3,
    seatsLeft: 9,
    full: false,
    ...patch,
  };
}

const withRuns = (locale: "en" | "ar", runs: PublicRun[], patch: Partial<CourseDetail> = {}) =>
  courseJsonLd({
    course: course(patch),
    locale,
    brand: "Nile Academy",
    origin: ORIGIN,
    settings,
    images: [],
    instances: runInstances({ runs, course: course(patch), locale, origin: ORIGIN, runInstructors: { i2: { name: "Mona Adel", nameAr: "منى عادل" } } }),
  }).hasCourseInstance as Record<string, unknown>[];

describe("course JSON-LD: runs as course instances (issue 20)", () => {
  it("gives each upcoming run its dates in Cairo time with the offset, mode, schedule and offer", () => {
    const [live] = withRuns("en", [run()]);
    expect(live).toEqual({
      "@type": "CourseInstance",
      courseMode: "Online",
      startDate: "2027-01-12T19:00:00+02:00",
      endDate: "2027-03-02T21:00:00+02:00",
      courseSchedule: {
        "@type": "Schedule",
        duration: "PT2H",
        repeatFrequency: "Weekly",
        repeatCount: 14,
        startDate: "2027-01-12",
        endDate: "2027-03-02",
      },
      instructor: { "@type": "Person", name: "Omar Hassan" },
      offers: {
        "@type": "Offer",
        category: "Paid",
        price: 1500,
        priceCurrency: "EGP",
        url: `${ORIGIN}/en/courses/data-analysis`,
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("uses Cairo's summer offset (+03:00) for a summer date", () => {
    expect(cairoIso(new Date("2027-07-01T16:00:00Z"))).toBe("2027-07-01T19:00:00+03:00");
    expect(isoDuration(90)).toBe("PT1H30M");
    expect(isoDuration(45)).toBe("PT45M");
    expect(isoDuration(60)).toBe("PT1H");
  });

  it("describes an on-site run by its place, its own instructor and price, in the page's language; a full run is sold out", () => {
    const onSite = run({
      mode: "on_site",
      location: "Nasr City branch, Cairo",
      locationAr: "فرع مدينة نصر، القاهرة",
      instructorId: "i2",
      price: 1800,
      full: true,
      seatsLeft: 0,
    });
    const [en] = withRuns("en", [onSite]);
    expect(en).toMatchObject({
      courseMode: "Onsite",
      location: { "@type": "Place", name: "Nasr City branch, Cairo", address: "Nasr City branch, Cairo" },
      instructor: { "@type": "Person", name: "Mona Adel" },
      offers: { category: "Paid", price: 1800, priceCurrency: "EGP", availability: "https://schema.org/SoldOut" },
    });
    const [ar] = withRuns("ar", [onSite]);
    expect(ar).toMatchObject({ location: { name: "فرع مدينة نصر، القاهرة" }, instructor: { name: "منى عادل" } });
  });

  it("gives a self-paced run the workload instead of sessions, and a partial schedule the workload too", () => {
    const [self] = withRuns("en", [run({ mode: "self_paced", endsAt: null, sessionMinutes: null, repeatFrequency: null, repeatCount: null })]);
    expect(self).toMatchObject({ courseMode: "Online", courseWorkload: "PT12H" });
    expect(self).not.toHaveProperty("courseSchedule");
    expect(self).not.toHaveProperty("endDate");
    const [partial] = withRuns("en", [run({ repeatCount: null })], { hours: null });
    expect(partial).toMatchObject({ courseSchedule: { duration: "PT2H", repeatFrequency: "Weekly" } });
    expect(partial).not.toHaveProperty("courseWorkload");
    const [counted] = withRuns("en", [run({ repeatFrequency: null })], { hours: null });
    expect(counted).toMatchObject({ courseWorkload: "PT28H" });
  });

  it("never shows a hidden price in a run's offer; a free course's run is free", () => {
    const [hidden] = withRuns("en", [run({ price: null })], { price: null, priceVisible: false });
    expect(hidden!.offers).toEqual({
      "@type": "Offer",
      category: "Paid",
      url: `${ORIGIN}/en/courses/data-analysis`,
      availability: "https://schema.org/InStock",
    });
    const [free] = withRuns("en", [run()], { price: 0 });
    expect(free!.offers).toMatchObject({ category: "Free", price: 0 });
  });

  it("lists every run in order, and keeps one instance without dates for a course without runs", () => {
    const list = withRuns("en", [run({ id: "a" }), run({ id: "b", startsAt: new Date("2027-02-01T08:00:00Z") })]);
    expect(list.map((i) => i.startDate)).toEqual(["2027-01-12T19:00:00+02:00", "2027-02-01T10:00:00+02:00"]);
    expect(ld("en").hasCourseInstance).toEqual({
      "@type": "CourseInstance",
      courseMode: "Online",
      courseWorkload: "PT12H",
      instructor: { "@type": "Person", name: "Omar Hassan" },
    });
  });
});

describe("socialSameAs", () => {
  it("keeps absolute http(s) profile URLs once, and drops blanks, the site's own host and other schemes", () => {
    expect(
      socialSameAs(
        {
          facebook: " https://facebook.com/nile ",
          instagram: "https://academy.example/about",
          linkedin: "javascript:alert(1)",
          tiktok: "not a url",
          x: "https://facebook.com/nile",
        },
        ORIGIN,
      ),
    ).toEqual(["https://facebook.com/nile"]);
  });
});

describe("sharing image URL", () => {
  const source = { slug: "data-analysis", title: "Data Analysis", thumbnailUrl: "/media/a.webp" };
  it("is /og/courses/<slug>.jpg with a version that follows the thumbnail and the title", () => {
    expect(ogImagePath(source)).toMatch(/^\/og\/courses\/data-analysis\.jpg\?v=[0-9a-z]+$/);
    expect(ogImageVersion(source)).toBe(ogImageVersion({ ...source }));
    expect(ogImageVersion({ ...source, thumbnailUrl: "/media/b.webp" })).not.toBe(ogImageVersion(source));
    expect(ogImageVersion({ ...source, title: "Data Analysis 2" })).not.toBe(ogImageVersion(source));
  });
});
