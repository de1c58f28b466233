import { describe, expect, it } from "vitest";
import { catalogVariantOf, categoryHref, chatHref, courseHref, subcategoryHref } from "./catalog-links.ts";

describe("catalogue links", () => {
  it("follows the SPEC rule for the special category slugs", () => {
    expect(categoryHref("all")).toBe("/courses");
    expect(categoryHref("english")).toBe("/english-courses");
    expect(categoryHref("arabic")).toBe("/arabic-courses");
    expect(categoryHref("business")).toBe("/courses?category=business");
  });

  it("links subcategories and courses by slug", () => {
    expect(subcategoryHref("digital-marketing")).toBe("/courses?subcategory=digital-marketing");
    expect(courseHref("python-basics")).toBe("/courses/python-basics");
  });

  it("builds a chat link with digits only and an encoded greeting", () => {
    expect(chatHref("+20 100 123-4567", "مرحبا، أريد الاستفسار")).toBe(
      `https://wa.me/201001234567?text=${encodeURIComponent("مرحبا، أريد الاستفسار")}`,
    );
  });
});

describe("catalogVariantOf: a client navigation shows the same catalogue as a direct load", () => {
  it.each([
    ["/en/courses", "all"],
    ["/ar/courses.data", "all"],
    ["/en/english-courses", "en"],
    ["/ar/english-courses.data", "en"],
    ["/ar/arabic-courses", "ar"],
    ["/en/arabic-courses.data", "ar"],
    ["/ar/arabic-courses/", "ar"],
    ["/en/courses/arabic-courses", "all"],
  ] as const)("%s → %s", (path, variant) => {
    expect(catalogVariantOf(path)).toBe(variant);
  });
});
