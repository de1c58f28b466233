import { describe, expect, it } from "vitest";
import { catalogueMarker, catalogVariantOf, categoryHref, chatHref, courseHref, subcategoryHref } from "./catalog-links.ts";

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

describe("catalogueMarker (the menus' aria-current)", () => {
  it("marks the list being shown, also with a search or another page of it", () => {
    expect(catalogueMarker("/ar/english-courses", "")("/ar/english-courses")).toBe(true);
    expect(catalogueMarker("/en/courses", "?q=web&page=2")("/en/courses")).toBe(true);
    expect(catalogueMarker("/en/courses", "?category=technology&page=2")("/en/courses?category=technology")).toBe(true);
    expect(catalogueMarker("/en/courses/", "?subcategory=web%20dev")(`/en${subcategoryHref("web dev")}`)).toBe(true);
  });

  it("marks no other list: all courses is not a category's list, a category not its subcategory's", () => {
    expect(catalogueMarker("/en/courses", "?category=technology")("/en/courses")).toBe(false);
    expect(catalogueMarker("/en/courses", "")("/en/courses?category=technology")).toBe(false);
    expect(catalogueMarker("/en/courses", "?subcategory=web")("/en/courses?category=technology")).toBe(false);
    expect(catalogueMarker("/en/arabic-courses", "")("/en/english-courses")).toBe(false);
    expect(catalogueMarker("/en/courses/web-basics", "")("/en/courses")).toBe(false);
  });
});
