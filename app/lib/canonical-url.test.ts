import { describe, expect, it } from "vitest";
import { canonicalPublicUrl, redirectToCanonicalUrl } from "./canonical-url.ts";

const at = (pathAndQuery: string) => canonicalPublicUrl(`http://localhost${pathAndQuery}`);

describe("canonicalPublicUrl: the one spelling of a public page's URL", () => {
  it.each([
    "/en/courses",
    "/ar/courses/python-programming-basics",
    "/ar/courses/python-programming-basics/enroll?run=5",
    "/en/courses?category=technology&page=2",
    "/ar/courses?page=2&subcategory=web-development&starts=soon&sort=start",
    "/en/english-courses?q=Excel%20Basics",
    // Empty filters are what the catalogue's form sends without JavaScript: no filter, not another spelling.
    "/en/courses?q=&category=&subcategory=&starts=",
    // Values that are no slug even decoded are left to the loader (a 404), not rewritten.
    "/en/courses?category=caf%C3%A9",
    "/en/courses/caf%C3%A9",
    "/en/courses/caf%E9",
  ])("%s is already canonical", (url) => {
    expect(at(url)).toBeNull();
  });

  it.each([
    // Percent-escapes of characters a slug never needs escaped, in the path and in the filters.
    ["/en/courses/python%2Dprogramming-basics", "/en/courses/python-programming-basics"],
    ["/ar/courses/%70ython-programming-basics/enroll", "/ar/courses/python-programming-basics/enroll"],
    ["/en/courses?category=%74echnology", "/en/courses?category=technology"],
    ["/ar/courses?sub%63ategory=web%2ddevelopment", "/ar/courses?subcategory=web-development"],
    // Upper case in a slug or in the path's fixed words.
    ["/en/courses/Python-Programming-Basics", "/en/courses/python-programming-basics"],
    ["/ar/COURSES", "/ar/courses"],
    ["/en/English-Courses?page=2", "/en/english-courses?page=2"],
    ["/en/courses?category=Technology", "/en/courses?category=technology"],
    // Spaces around a filter are trimmed by the catalogue's schema: the same page.
    ["/en/courses?category=+technology%20", "/en/courses?category=technology"],
    // A trailing slash.
    ["/en/courses/", "/en/courses"],
    ["/en/courses/python-programming-basics/", "/en/courses/python-programming-basics"],
  ])("%s → %s", (url, canonical) => {
    expect(at(url)).toBe(canonical);
  });

  it("keeps the other parameters, their order and their spelling", () => {
    expect(at("/ar/courses?q=%D8%A8%D8%B1%D9%85%D8%AC%D8%A9&category=Technology&page=2&utm_source=a+b")).toBe(
      "/ar/courses?q=%D8%A8%D8%B1%D9%85%D8%AC%D8%A9&category=technology&page=2&utm_source=a+b",
    );
    expect(at("/en/courses/python%2Dbasics?run=7&x=%41")).toBe("/en/courses/python-basics?run=7&x=%41");
  });

  it("answers a client navigation's data request with its page's URL, without the router's _routes", () => {
    expect(at("/en/courses.data?category=technology&_routes=routes%2Fsite%2Fcourses")).toBeNull();
    expect(at("/en/courses/python-basics.data?_routes=routes%2Fsite%2Fcourse")).toBeNull();
    expect(at("/en/courses/python%2Dbasics.data?_routes=routes%2Fsite%2Fcourse")).toBe("/en/courses/python-basics");
    expect(at("/ar/courses.data?category=%74echnology&_routes=root")).toBe("/ar/courses?category=technology");
    // With trailing-slash-aware data requests, `/en/courses/_.data` is the data of `/en/courses/`.
    expect(at("/en/courses/_.data")).toBe("/en/courses");
  });

  it("never turns a path into another host's or an empty segment into one", () => {
    expect(at("//en/courses")).toBeNull();
    expect(at("/en//courses")).toBeNull();
    expect(at("/en/courses/%2F%2Fevil.example")).toBeNull();
    expect(at("/en/courses/a%2Fb")).toBeNull();
  });

  it("lowers A-Z only: a letter that Unicode lowers into Latin is another word, not another spelling", () => {
    // U+212A KELVIN SIGN lowers to "k".
    expect(at("/en/courses/%E2%84%AAotlin")).toBeNull();
  });
});

describe("redirectToCanonicalUrl", () => {
  it("throws a 301 to the canonical URL, and nothing for a canonical one", () => {
    expect(() => redirectToCanonicalUrl(new Request("http://localhost/en/courses?category=technology"))).not.toThrow();
    let thrown: unknown;
    try {
      redirectToCanonicalUrl(new Request("http://localhost/ar/courses/Python%2Dbasics?run=3"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe("/ar/courses/python-basics?run=3");
  });
});
