import { describe, expect, it } from "vitest";
import { parseCatalogQuery } from "./catalog.schema.ts";

describe("parseCatalogQuery", () => {
  it("reads the catalogue state from the URL", () => {
    expect(parseCatalogQuery(new URLSearchParams("q=%20python%20&category=technology&page=2"))).toEqual({
      q: "python",
      category: "technology",
      subcategory: undefined,
      page: 2,
    });
  });

  it("ignores malformed values instead of failing", () => {
    expect(parseCatalogQuery(new URLSearchParams("q=&category=Bad Slug!&page=abc&subcategory=x/y"))).toEqual({
      q: undefined,
      category: undefined,
      subcategory: undefined,
      page: undefined,
    });
    expect(parseCatalogQuery(new URLSearchParams(`q=${"a".repeat(500)}&page=-3`))).toEqual({
      q: undefined,
      category: undefined,
      subcategory: undefined,
      page: undefined,
    });
  });
});
