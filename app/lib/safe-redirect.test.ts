import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../../tests/setup/redirect-bypasses.ts";
import { safeRedirect, sameOriginPath } from "./safe-redirect.ts";

const SITE = "https://academy.example";

/** Where a browser goes with this Location, and where anything that decodes the path once or twice more goes. */
function staysOnSite(location: string): boolean {
  if (!location.startsWith("/") || location.startsWith("//") || /[\\\s]/.test(location)) return false;
  let path = location;
  for (let i = 0; i < 3; i += 1) {
    if (new URL(path, SITE).origin !== SITE || new URL(path, SITE).pathname.startsWith("//")) return false;
    try {
      path = decodeURIComponent(path);
    } catch {
      return true; // the browser sends it as it is; the server answers 400
    }
  }
  return true;
}

describe("sameOriginPath: a redirect target from the request stays on the site", () => {
  it("has a corpus of at least 30 bypasses", () => {
    expect(REDIRECT_BYPASSES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(REDIRECT_BYPASSES.map((target) => [JSON.stringify(target), target]))("refuses %s", (_label, target) => {
    expect(sameOriginPath(target)).toBeNull();
    expect(safeRedirect(target)).toBe("/");
    expect(safeRedirect(target, "/admin")).toBe("/admin");
  });

  it.each([
    ["/", "/"],
    ["/en", "/en"],
    ["/ar/courses?category=x&page=2", "/ar/courses?category=x&page=2"],
    ["/admin/users?page=2#top", "/admin/users?page=2#top"],
    ["/admin/", "/admin/"],
    ["/login?from=%2Fadmin%2Fcourses", "/login?from=%2Fadmin%2Fcourses"],
    // a query may say anything: it never changes where the browser goes
    ["/en/courses?q=%2F%2Fevil.example", "/en/courses?q=%2F%2Fevil.example"],
    ["/ar/courses/%D8%A7%D9%84%D8%B9%D8%B1%D8%A8%D9%8A%D8%A9", "/ar/courses/%D8%A7%D9%84%D8%B9%D8%B1%D8%A8%D9%8A%D8%A9"],
    // normalised as the browser will, then kept when still a plain path of the site
    ["/en/./about", "/en/about"],
    ["/admin/x/../users", "/admin/users"],
  ])("keeps %s as %s", (target, expected) => {
    expect(sameOriginPath(target)).toBe(expected);
  });

  it.each([[null], [undefined], [""], [42], [["/admin"]], ["/".padEnd(2001, "a")]])("refuses %j", (target) => {
    expect(sameOriginPath(target)).toBeNull();
  });

  it("never answers a path that leaves the site, whatever the pieces (property)", () => {
    const piece = fc.constantFrom(
      "/", "//", "\\", ".", "..", "%2e", "%2E", "%2f", "%2F", "%5c", "%25", "%252f", "%00", "%0a", "\t", "\n", " ",
      "@", ":", "?", "#", "evil.example", "admin", "https:", "\uff0f", "\u2215", "%EF%BC%8F",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (parts) => {
        const result = sameOriginPath(parts.join(""));
        if (result !== null) expect(staysOnSite(result), `${JSON.stringify(parts.join(""))} → ${result}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
