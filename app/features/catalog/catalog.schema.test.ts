import { describe, expect, it } from "vitest";
import { parseCatalogQuery } from "./catalog.schema.ts";

describe("parseCatalogQuery", () => {
  it("reads the catalogue state from the URL", () => {
    expect(parseCatalogQuery(new URLSearchParams("q=%20python%20&category=technology&page=2"))).toEqual({
      q: "python",
      category: "technology",
      subcategory: undefined,
      starts: undefined,
      sort: undefined,
      page: 2,
    });
  });

  it("reads the start-date filter and the next-start sort (issue 20)", () => {
    expect(parseCatalogQuery(new URLSearchParams("starts=soon&sort=start&category=technology"))).toMatchObject({
      starts: "soon",
      sort: "start",
      category: "technology",
    });
    const none = { q: undefined, category: undefined, subcategory: undefined, starts: undefined, sort: undefined, page: undefined };
    expect(parseCatalogQuery(new URLSearchParams("starts=upcoming"))).toEqual({ ...none, starts: "upcoming" });
    // Unknown values fall back to the defaults (every course, newest first), never an error.
    expect(parseCatalogQuery(new URLSearchParams("starts=tomorrow&sort=price"))).toEqual(none);
    expect(parseCatalogQuery(new URLSearchParams("sort=START&starts=Soon"))).toEqual(none);
  });

  it("ignores malformed values instead of failing", () => {
    expect(parseCatalogQuery(new URLSearchParams("q=&category=Bad Slug!&page=abc&subcategory=x/y"))).toEqual({
      q: undefined,
      category: undefined,
      subcategory: undefined,
      starts: undefined,
      sort: undefined,
      page: undefined,
    });
    expect(parseCatalogQuery(new URLSearchParams(`q=${"a".repeat(500)}&page=-3`))).toEqual({
      q: undefined,
      category: undefined,
      subcategory: undefined,
      starts: undefined,
      sort: undefined,
      page: undefined,
    });
  });
});
