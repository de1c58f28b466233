import { siteShareImage } from "./og-image.ts";
import { describe, expect, it } from "vitest";
import { metaOf, pageMeta, safeJsonLd } from "./seo.ts";

describe("pageMeta", () => {
  const tags = pageMeta({
    title: "Courses",
    description: "All our courses",
    origin: "https://academy.example",
    path: "/courses",
    locale: "ar",
    brand: "Nile Academy",
    search: new URLSearchParams("category=business&lang=en"),
  });
  const links = tags.filter((t) => "tagName" in t) as { rel: string; hrefLang?: string; href: string }[];

  it("titles the page '{title} - {brand}' with a description", () => {
    expect(tags).toContainEqual({ title: "Courses - Nile Academy" });
    expect(tags).toContainEqual({ name: "description", content: "All our courses" });
  });

  it("points canonical at the page's own language URL and lists en, ar and x-default alternates", () => {
    expect(links.find((l) => l.rel === "canonical")?.href).toBe("https://academy.example/ar/courses?category=business");
    expect(tags).toContainEqual({ property: "og:url", content: "https://academy.example/ar/courses?category=business" });
    const alternates = Object.fromEntries(links.filter((l) => l.rel === "alternate").map((l) => [l.hrefLang, l.href]));
    expect(alternates).toEqual({
      en: "https://academy.example/en/courses?category=business",
      ar: "https://academy.example/ar/courses?category=business",
      // The URL without language redirects each visitor to theirs (D19 revised).
      "x-default": "https://academy.example/courses?category=business",
    });
  });

  it("gives the home page /en and /ar, never a trailing slash", () => {
    const home = pageMeta({ title: "", description: "d", origin: "https://academy.example", path: "/", locale: "en", brand: "B" });
    expect(home).toContainEqual({ tagName: "link", rel: "canonical", href: "https://academy.example/en" });
    expect(home).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "ar", href: "https://academy.example/ar" });
  });

  it("gives a staff page (one URL for both languages) a canonical without language and no alternates", () => {
    const login = pageMeta({
      title: "Login",
      description: "d",
      origin: "https://academy.example",
      path: "/login",
      locale: "ar",
      localized: false,
      brand: "B",
    });
    expect(login).toContainEqual({ tagName: "link", rel: "canonical", href: "https://academy.example/login" });
    expect(login.some((t) => "rel" in t && t.rel === "alternate")).toBe(false);
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

describe("metaOf", () => {
  const root = { origin: "https://academy.example", locale: "ar" as const, brand: "Academy" };
  it("builds the page head from the loader's title and description and the root's origin, language and brand", () => {
    const meta = metaOf("/services")({ loaderData: { title: "Services", description: "What we offer" }, matches: [{ loaderData: root }] });
    expect(meta).toEqual(
      pageMeta({ title: "Services", description: "What we offer", path: "/services", origin: root.origin, locale: "ar", brand: "Academy" }),
    );
  });
  it("keeps a staff page out of search engines even when it could not load", () => {
    const staff = metaOf("/login", { localized: false, noindex: true });
    expect(staff({ loaderData: undefined, matches: [{ loaderData: root }] })).toEqual([{ name: "robots", content: "noindex" }]);
    expect(staff({ loaderData: { title: "Sign In", description: "" }, matches: [{ loaderData: root }] })).toContainEqual({
      name: "robots",
      content: "noindex",
    });
    expect(metaOf("/about")({ loaderData: undefined, matches: [undefined] })).toEqual([]);
  });
});

describe("pageMeta image", () => {
  it("gives og:image with its width, height and type", () => {
    const tags = pageMeta({
      title: "Course",
      description: "d",
      origin: "https://academy.example",
      path: "/courses/x",
      locale: "en",
      brand: "Nile Academy",
      image: "/og/courses/x.jpg?v=1",
      imageWidth: 1200,
      imageHeight: 630,
      imageType: "image/jpeg",
    });
    expect(tags).toContainEqual({ property: "og:image", content: "https://academy.example/og/courses/x.jpg?v=1" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).toContainEqual({ property: "og:image:type", content: "image/jpeg" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
});

describe("pageMeta: the site's sharing image (issue 36 item 9)", () => {
  const base = { title: "About", description: "d", origin: "https://academy.example", path: "/about", brand: "Nile Academy" } as const;
  const site = (locale: "en" | "ar", brand = "Nile Academy") => ({ locale, brand, siteImage: siteShareImage(locale, brand) });
  const content = (tags: ReturnType<typeof pageMeta>, property: string) =>
    (tags.find((t) => "property" in t && t.property === property) as { content?: string } | undefined)?.content;

  it("is the site's card in the page's language on a public page without an image of its own", () => {
    const en = pageMeta({ ...base, ...site("en") });
    const ar = pageMeta({ ...base, ...site("ar", "أكاديمية النيل") });
    expect(content(en, "og:image")).toMatch(/^https:\/\/academy\.example\/og\/site\/en\.jpg\?v=[0-9a-z]+$/);
    expect(content(ar, "og:image")).toMatch(/^https:\/\/academy\.example\/og\/site\/ar\.jpg\?v=[0-9a-z]+$/);
    expect(content(en, "og:image:width")).toBe("1200");
    expect(content(en, "og:image:alt")).toBe("Nile Academy");
    expect(en).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    // A renamed academy is a new image URL: caches and link previews do not keep the old name.
    expect(content(pageMeta({ ...base, ...site("en", "Delta Academy") }), "og:image")).not.toBe(content(en, "og:image"));
  });

  it("is not on a staff page or a noindex page, and never replaces a page's own image", () => {
    const staff = pageMeta({ ...base, ...site("en"), localized: false, noindex: true });
    expect(content(staff, "og:image")).toBeUndefined();
    expect(staff).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(content(pageMeta({ ...base, ...site("en"), noindex: true }), "og:image")).toBeUndefined();
    expect(content(pageMeta({ ...base, ...site("en"), image: "/og/courses/x.jpg?v=1" }), "og:image")).toBe("https://academy.example/og/courses/x.jpg?v=1");
  });
});
