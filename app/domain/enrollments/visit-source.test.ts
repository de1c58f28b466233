// The enrollment source values (ADR 021): what hostile input becomes, and what the browser keeps for a visit.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  captureVisitSource,
  cleanHost,
  cleanSourcePage,
  cleanUtm,
  cleanVisitSource,
  readVisitSource,
  refererPath,
  utmFromSearch,
  VISIT_SOURCE_KEY,
} from "./visit-source.ts";

describe("cleanUtm", () => {
  it("keeps plain text, trimmed, and Arabic campaign names", () => {
    expect(cleanUtm("  facebook ")).toBe("facebook");
    expect(cleanUtm("حملة الربيع")).toBe("حملة الربيع");
  });
  it("clamps to 100 characters and never leaves half a surrogate pair", () => {
    expect(cleanUtm("x".repeat(10_000))).toHaveLength(100);
    const cut = cleanUtm(`${"a".repeat(99)}😀`);
    expect(cut).toBe("a".repeat(99));
  });
  it("removes NUL, control characters and bidi overrides", () => {
    expect(cleanUtm("face\u0000book\r\n\u202e")).toBe("facebook");
  });
  it("is null for blank, missing or non-text values; a repeated field keeps its first text", () => {
    expect(cleanUtm("")).toBeNull();
    expect(cleanUtm("\u0000 \t")).toBeNull();
    expect(cleanUtm(undefined)).toBeNull();
    expect(cleanUtm({ a: 1 })).toBeNull();
    expect(cleanUtm(["first", "second"])).toBe("first");
  });
  it("is idempotent", () => {
    const once = cleanUtm(` ${"z".repeat(120)}\u0000`);
    expect(cleanUtm(once)).toBe(once);
  });
});

describe("cleanSourcePage", () => {
  it("keeps a path on this site, without its query or fragment", () => {
    expect(cleanSourcePage("/ar/courses/python-basics")).toBe("/ar/courses/python-basics");
    expect(cleanSourcePage("/en/courses?utm_source=x#top")).toBe("/en/courses");
  });
  it.each(["javascript:alert(1)", "//evil.com", "/\\evil.com", "https://evil.com/x", "evil.com/x", "/a b", "", "   "])(
    "refuses %j",
    (value) => {
      expect(cleanSourcePage(value)).toBeNull();
    },
  );
  it("clamps to 500 characters", () => {
    expect(cleanSourcePage(`/${"p".repeat(2000)}`)).toHaveLength(500);
  });
});

describe("cleanHost", () => {
  it("keeps a host name, lowercased, without a trailing dot", () => {
    expect(cleanHost("M.Facebook.COM")).toBe("m.facebook.com");
    expect(cleanHost("www.google.com.")).toBe("www.google.com");
  });
  it.each(["evil.com:8080", "evil .com", "user@evil.com", "-bad.com", "a..b", "https://x.com", `${"a".repeat(64)}.com`, "x".repeat(300)])(
    "refuses %j",
    (value) => {
      expect(cleanHost(value)).toBeNull();
    },
  );
});

describe("cleanVisitSource", () => {
  it("gives every field, null when unusable, and never throws", () => {
    expect(cleanVisitSource({ utmSource: "fb", sourcePage: "//evil.com", referrerHost: 42 })).toEqual({
      sourcePage: null,
      utmSource: "fb",
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
      referrerHost: null,
    });
  });
});

describe("refererPath", () => {
  const post = (referer: string | null) =>
    new Request("https://site.test/ar/courses/x/enroll", { method: "POST", headers: referer ? { Referer: referer } : {} });
  it("is the path of a same-site Referer", () => {
    expect(refererPath(post("https://site.test/ar/courses/x/enroll?utm_source=a"))).toBe("/ar/courses/x/enroll");
  });
  it("is null for another site, a malformed or a missing Referer", () => {
    expect(refererPath(post("https://evil.test/ar/courses/x"))).toBeNull();
    expect(refererPath(post("not a url"))).toBeNull();
    expect(refererPath(post(null))).toBeNull();
  });
});

describe("utmFromSearch", () => {
  it("reads the five utm parameters, cleaned", () => {
    expect(utmFromSearch("?utm_source=facebook&utm_campaign=spring&utm_medium=%00&x=1")).toEqual({
      utmSource: "facebook",
      utmCampaign: "spring",
    });
  });
});

describe("captureVisitSource / readVisitSource (browser)", () => {
  afterEach(() => vi.unstubAllGlobals());

  function browser(href: string, referrer: string) {
    const store = new Map<string, string>();
    const url = new URL(href);
    vi.stubGlobal("window", {
      location: { search: url.search, host: url.host },
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
      },
    });
    vi.stubGlobal("document", { referrer });
    return store;
  }

  it("keeps the landing page's utm_* and an external referrer's host, for the first page only", () => {
    const store = browser("https://site.test/ar/courses?utm_source=facebook&utm_campaign=spring", "https://m.facebook.com/story");
    captureVisitSource();
    expect(readVisitSource()).toEqual({ utmSource: "facebook", utmCampaign: "spring", referrerHost: "m.facebook.com" });
    // A later page of the same visit does not replace them.
    (window.location as { search: string }).search = "?utm_source=other";
    captureVisitSource();
    expect(readVisitSource().utmSource).toBe("facebook");
    expect(store.has(VISIT_SOURCE_KEY)).toBe(true);
  });

  it("does not record this site as a referrer", () => {
    browser("https://site.test/en/courses", "https://site.test/en");
    captureVisitSource();
    expect(readVisitSource()).toEqual({});
  });

  it("survives storage that throws or holds garbage", () => {
    vi.stubGlobal("window", {
      location: { search: "?utm_source=x", host: "site.test" },
      sessionStorage: {
        getItem: () => "{not json",
        setItem: () => {
          throw new Error("QuotaExceeded");
        },
      },
    });
    vi.stubGlobal("document", { referrer: "" });
    expect(() => captureVisitSource()).not.toThrow();
    expect(readVisitSource()).toEqual({});
  });
});
