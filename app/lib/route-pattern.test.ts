// The route label of the request metrics (issue 33 item 5): every path maps into a small fixed set, so no
// stream of URLs (slugs, ids, a scanner's guesses) can grow the metrics without bound.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "./admin-pages.ts";
import { methodLabel, PROBE_ROUTES, routePattern, STATIC_ROUTES, statusClass } from "./route-pattern.ts";

describe("routePattern", () => {
  it.each([
    ["/", "/"],
    ["/en", "/{lang}"],
    ["/ar", "/{lang}"],
    ["/en/about", "/{lang}/about"],
    ["/ar/services", "/{lang}/services"],
    ["/en/contact", "/{lang}/contact"],
    ["/en/courses", "/{lang}/courses"],
    ["/ar/english-courses", "/{lang}/english-courses"],
    ["/en/arabic-courses", "/{lang}/arabic-courses"],
    ["/en/courses/intro-to-python", "/{lang}/courses/:slug"],
    ["/ar/courses/%D9%85%D9%82%D8%AF%D9%85%D8%A9", "/{lang}/courses/:slug"],
    ["/en/courses/intro-to-python/enroll", "/{lang}/courses/:slug/enroll"],
    ["/en/no-such-page", "/{lang}/*"],
    ["/en/courses/a/b/c", "/{lang}/*"],
    // data requests of client navigation keep their page's pattern
    ["/en.data", "/{lang}.data"],
    ["/ar/courses.data", "/{lang}/courses.data"],
    ["/en/courses/intro.data", "/{lang}/courses/:slug.data"],
    ["/_root.data", "/_root.data"],
    ["/admin/courses.data", "/admin/courses.data"],
    // static files
    ["/assets/entry.client-Bx1.js", "/assets"],
    ["/assets/fonts/cairo-arabic-400.woff2", "/assets"],
    ["/media/images/2026/0123456789abcdef0123456789abcdef.webp", "/media"],
    ["/images/course-default.webp", "/images"],
    ["/favicon.svg", "/favicon"],
    ["/favicon.ico", "/favicon"],
    // probes, files, API
    ["/healthz", "/healthz"],
    ["/readyz", "/readyz"],
    ["/metrics", "/metrics"],
    ["/robots.txt", "/robots.txt"],
    ["/sitemap.xml", "/sitemap.xml"],
    ["/api/language", "/api/language"],
    ["/files/documents/0b5e8e0e-4b7b-4d0c-9b1a-2f1e0c3d4e5f", "/files/documents/:id"],
    ["/og/courses/intro.png", "/og/courses/:file"],
    // staff pages, in any letter case as the router matches them
    ["/login", "/login"],
    ["/LOGIN", "/login"],
    ["/login/two-factor", "/login/two-factor"],
    ["/forgot-password", "/forgot-password"],
    ["/reset-password", "/reset-password"],
    ["/instructor-login", "/instructor-login"],
    ["/instructor-dashboard", "/instructor-dashboard"],
    ["/admin", "/admin"],
    ["/admin/courses", "/admin/courses"],
    ["/Admin/Courses", "/admin/courses"],
    ["/admin/enrollments/export.csv", "/admin/enrollments/export.csv"],
    ["/admin/uploads/image", "/admin/uploads/image"],
    ["/admin/courses/123/edit", "/admin/courses/*"],
    ["/admin/wp-config.php", "/admin/*"],
    // anything else
    ["/wp-login.php", "other"],
    ["/fr", "other"],
    ["/fr/courses", "other"],
    ["/api/auth/sign-in/email", "other"],
    ["/files/other/1", "other"],
    ["/robots.txt/x", "other"],
    ["//evil.example/x", "other"],
    ["", "other"],
    ["relative", "other"],
  ])("%s → %s", (path, label) => {
    expect(routePattern(path)).toBe(label);
  });

  it("gives every admin page of the one list its own label", () => {
    for (const page of ADMIN_PAGES) expect(routePattern(page.path)).toBe(page.path);
  });

  it("maps any path into a bounded set of labels", () => {
    const segment = fc.oneof(
      fc.constantFrom("en", "ar", "admin", "courses", "assets", "media", "login", "files", "documents", "og", "api", "x.data", ""),
      fc.string({ maxLength: 12 }),
    );
    const labels = new Set<string>();
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 6 }), (segments) => {
        labels.add(routePattern(`/${segments.join("/")}`));
      }),
      { numRuns: 5000 },
    );
    // The site's routes, each also as a data request, and a handful of catch-alls: not one label per URL.
    expect(labels.size).toBeLessThan(2 * (ADMIN_PAGES.length + 40));
    for (const label of labels) expect(label).toMatch(/^(?:other|\/[a-z0-9./*{}:_-]*)$/);
  });

  it("names the static and probe routes the request log turns down to debug", () => {
    for (const route of STATIC_ROUTES) expect(routePattern(route === "/favicon" ? "/favicon.svg" : `${route}/x`)).toBe(route);
    for (const route of PROBE_ROUTES) expect(routePattern(route)).toBe(route);
  });
});

describe("methodLabel and statusClass", () => {
  it("keep the methods a site is asked with and fold the rest", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(methodLabel(method)).toBe(method);
    for (const method of ["PROPFIND", "M-SEARCH", "get", "TRACE"]) expect(methodLabel(method)).toBe("other");
  });

  it("groups statuses by their first digit", () => {
    expect([200, 204, 301, 404, 405, 429, 500, 503].map(statusClass)).toEqual(["2xx", "2xx", "3xx", "4xx", "4xx", "4xx", "5xx", "5xx"]);
    expect(statusClass(0)).toBe("other");
    expect(statusClass(999)).toBe("other");
  });
});
