import { describe, expect, it } from "vitest";
import {
  canonicalStaffPath,
  isStaffPath,
  localeOfPath,
  localePath,
  needsLocalePrefix,
  negotiateLocale,
  stripLocale,
} from "./locale-url.ts";

describe("public URLs carry their language (D19 revised)", () => {
  it.each([
    ["en", "/", "/en"],
    ["ar", "/", "/ar"],
    ["ar", "/courses", "/ar/courses"],
    ["ar", "/courses?page=2&category=x", "/ar/courses?page=2&category=x"],
    ["en", "/courses/excel-basics/enroll", "/en/courses/excel-basics/enroll"],
    ["en", "/?q=1", "/en?q=1"],
    ["en", "/ar/about", "/en/about"],
    ["ar", "/#top", "/ar#top"],
  ] as const)("localePath(%s, %s) → %s", (locale, path, expected) => {
    expect(localePath(locale, path)).toBe(expected);
  });

  it("reads and strips the language segment, and only a whole segment", () => {
    expect(localeOfPath("/ar/courses")).toBe("ar");
    expect(localeOfPath("/en")).toBe("en");
    // The data request of a client navigation to the home page.
    expect(localeOfPath("/ar.data")).toBe("ar");
    expect(needsLocalePrefix("/ar.data")).toBe(false);
    expect(localeOfPath("/arabic.data")).toBeNull();
    expect(localeOfPath("/arabic-courses")).toBeNull();
    expect(localeOfPath("/english-courses")).toBeNull();
    expect(stripLocale("/ar/courses/x")).toBe("/courses/x");
    expect(stripLocale("/ar")).toBe("/");
    expect(stripLocale("/arabic-courses")).toBe("/arabic-courses");
  });

  it("knows which paths are public pages that need a language", () => {
    for (const p of ["/", "/courses", "/arabic-courses", "/courses/x/enroll", "/about", "/no-such-page"]) {
      expect(needsLocalePrefix(p), p).toBe(true);
    }
    for (const p of ["/ar", "/en/courses", "/admin", "/admin/courses", "/login", "/reset-password", "/instructor-dashboard",
      "/api/language", "/files/documents/1", "/media/x.webp", "/assets/app.js", "/sitemap.xml", "/og/courses/x.jpg", "/robots.txt", "/healthz"]) {
      expect(needsLocalePrefix(p), p).toBe(false);
    }
    expect(isStaffPath("/admin/enrollments")).toBe(true);
    expect(isStaffPath("/login")).toBe(true);
    expect(isStaffPath("/administrator")).toBe(false);
    expect(isStaffPath("/courses")).toBe(false);
  });
});

describe("a URL without a language decides once", () => {
  it("uses the remembered choice first", () => {
    expect(negotiateLocale("ar", "en-US,en;q=0.9")).toBe("ar");
    expect(negotiateLocale("en", "ar-EG")).toBe("en");
  });

  it("then the browser's languages by preference, then English", () => {
    expect(negotiateLocale(null, "ar-EG,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(negotiateLocale(null, "fr-FR,ar;q=0.7,en;q=0.5")).toBe("ar");
    expect(negotiateLocale(null, "en;q=0.4,ar;q=0.8")).toBe("ar");
    expect(negotiateLocale(null, "fr,de")).toBe("en");
    expect(negotiateLocale(null, "ar;q=0")).toBe("en");
    expect(negotiateLocale(null, null)).toBe("en");
    expect(negotiateLocale("xx", "garbage;;;q=zz,,")).toBe("en");
  });

});

describe("staff URLs in any letter case (issue 14 item 8)", () => {
  it("are staff paths, as the router matches them", () => {
    for (const path of ["/ADMIN/messages", "/Admin", "/admin/MESSAGES", "/LOGIN", "/Instructor-Dashboard", "/ADMIN/messages.data", "/Login.data"]) {
      expect(isStaffPath(path), path).toBe(true);
      expect(needsLocalePrefix(path), path).toBe(false);
    }
    expect(isStaffPath("/administrator")).toBe(false);
    expect(isStaffPath("/en/ADMIN")).toBe(false);
  });

  it.each([
    ["/ADMIN/messages", "/admin/messages"],
    ["/Admin", "/admin"],
    ["/admin/MESSAGES", "/admin/messages"],
    ["/LOGIN", "/login"],
    ["/Instructor-Dashboard", "/instructor-dashboard"],
    ["/ADMIN/Enrollments/Export.CSV", "/admin/enrollments/export.csv"],
    ["/ADMIN/messages.data", "/admin/messages.data"],
  ])("%s has one spelling: %s", (path, canonical) => {
    expect(canonicalStaffPath(path)).toBe(canonical);
  });

  it.each([["/admin/messages"], ["/login"], ["/en/About"], ["/courses"], ["/Files/documents/1"]])("%s is left alone", (path) => {
    expect(canonicalStaffPath(path)).toBeNull();
  });
});
