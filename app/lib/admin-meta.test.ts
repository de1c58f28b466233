import { describe, expect, it } from "vitest";
import { adminMeta, adminTitle } from "./admin-meta.ts";

const root = (locale: "en" | "ar", brand: string) => ({ origin: "https://example.com", locale, brand });

describe("admin page titles", () => {
  it("name the page, the count of a list and the brand, in English", () => {
    expect(adminTitle({ title: "Courses", count: 24 }, "Nile Academy", "en")).toBe("Courses (24) · Nile Academy");
    expect(adminTitle({ title: "Courses", count: 0 }, "Nile Academy", "en")).toBe("Courses (0) · Nile Academy");
    expect(adminTitle({ title: "Site Settings" }, "Nile Academy", "en")).toBe("Site Settings · Nile Academy");
  });

  it("keep Western digits in Arabic (D26), grouped", () => {
    expect(adminTitle({ title: "الدورات", count: 1234 }, "أكاديمية النيل", "ar")).toBe("الدورات (1,234) · أكاديمية النيل");
    expect(adminTitle({ title: "الدورات", count: 1234 }, "أكاديمية النيل", "ar")).not.toMatch(/[٠-٩]/);
  });

  it("leave the brand out when there is none rather than end on a separator", () => {
    expect(adminTitle({ title: "Courses", count: 3 }, "", "en")).toBe("Courses (3)");
  });

  it("give the page head its title and noindex; without loader data only noindex, so the error view's title stands", () => {
    expect(adminMeta({ loaderData: { title: "Instructors", count: 5 }, matches: [{ loaderData: root("en", "Brand") }] })).toEqual([
      { title: "Instructors (5) · Brand" },
      { name: "robots", content: "noindex" },
    ]);
    expect(adminMeta({ loaderData: undefined, matches: [{ loaderData: root("en", "Brand") }] })).toEqual([{ name: "robots", content: "noindex" }]);
  });
});
