import { describe, expect, it } from "vitest";
import { ogImagePath, ogImageVersion } from "~/lib/og-image.ts";
import { socialSameAs } from "~/lib/seo.ts";
import type { CourseDetail } from "./catalog.server.ts";
import { courseJsonLd, courseOffer } from "./course-json-ld.ts";

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
