import { describe, expect, it } from "vitest";
import { pageMeta, safeJsonLd } from "./seo.ts";

describe("pageMeta", () => {
  const tags = pageMeta({
    title: "Courses",
    description: "All our courses",
    origin: "https://academy.example",
    path: "/courses",
    locale: "ar",
    localeInUrl: true,
    brand: "Nile Academy",
    search: new URLSearchParams("category=business&lang=en"),
  });
  const links = tags.filter((t) => "tagName" in t) as { rel: string; hrefLang?: string; href: string }[];

  it("titles the page '{title} - {brand}' with a description", () => {
    expect(tags).toContainEqual({ title: "Courses - Nile Academy" });
    expect(tags).toContainEqual({ name: "description", content: "All our courses" });
  });

  it("points canonical at the page's own ?lang URL and lists en, ar and x-default alternates", () => {
    expect(links.find((l) => l.rel === "canonical")?.href).toBe(
      "https://academy.example/courses?category=business&lang=ar",
    );
    const alternates = Object.fromEntries(links.filter((l) => l.rel === "alternate").map((l) => [l.hrefLang, l.href]));
    expect(alternates).toEqual({
      en: "https://academy.example/courses?category=business&lang=en",
      ar: "https://academy.example/courses?category=business&lang=ar",
      "x-default": "https://academy.example/courses?category=business",
    });
  });

  it("makes a page reached without ?lang (the x-default) canonical to itself, not to a language URL", () => {
    // Lighthouse and Google both reject a canonical that points at another hreflang alternate (ADR 008).
    const negotiated = pageMeta({
      title: "Courses",
      description: "All our courses",
      origin: "https://academy.example",
      path: "/courses",
      locale: "en",
      localeInUrl: false,
      brand: "Nile Academy",
      search: new URLSearchParams("category=business"),
    });
    const self = "https://academy.example/courses?category=business";
    expect(negotiated).toContainEqual({ tagName: "link", rel: "canonical", href: self });
    expect(negotiated).toContainEqual({ property: "og:url", content: self });
    expect(negotiated).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: self });
  });

  it("adds Open Graph tags for link previews", () => {
    expect(tags).toContainEqual({ property: "og:locale", content: "ar_EG" });
    expect(tags).toContainEqual({ property: "og:title", content: "Courses - Nile Academy" });
  });
});

describe("safeJsonLd", () => {
  it("cannot close the script element", () => {
    const out = safeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("<");
    expect(JSON.parse(out)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
