import { describe, expect, it } from "vitest";
import { EMAIL_LOGO_PATH, emailLogoUrl, escapeHtml, ltrToken, renderEmailLayout } from "./layout.ts";

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});

describe("renderEmailLayout", () => {
  it("escapes every user-provided value in the HTML", () => {
    const evil = `<script>alert("x")</script>'`;
    const { html, text } = renderEmailLayout({
      locale: "en",
      brand: evil,
      heading: evil,
      paragraphs: [evil],
      fields: [{ label: evil, value: evil }],
      footer: evil,
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(`"x"`);
    expect(html).not.toContain(`</script>'`);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;");
    // The plain-text version carries the text as typed.
    expect(text).toContain(evil);
  });

  it("uses lang and dir=rtl for Arabic, ltr for English", () => {
    const ar = renderEmailLayout({ locale: "ar", brand: "الأكاديمية", heading: "تم استلام طلبك", paragraphs: ["شكراً لك"] });
    expect(ar.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.html).toContain("text-align:right");
    expect(ar.html).toContain("تم استلام طلبك");
    expect(ar.text).toContain("شكراً لك");

    const en = renderEmailLayout({ locale: "en", brand: "Academy", heading: "Thanks", paragraphs: ["Hello"] });
    expect(en.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(en.html).not.toContain("rtl");
  });

  it("puts fields, paragraphs and the footer in both versions", () => {
    const { text, html } = renderEmailLayout({
      locale: "en",
      brand: "Academy",
      heading: "New enrollment",
      paragraphs: ["A student enrolled.", "Line one\nLine two"],
      fields: [
        { label: "Name", value: "Sara O'Neil" },
        { label: "Course", value: "English A1" },
      ],
      footer: "Academy, Amman",
    });
    expect(text).toContain("Name: Sara O'Neil");
    expect(text).toContain("Course: English A1");
    expect(text).toContain("A student enrolled.");
    expect(text).toContain("Academy, Amman");
    expect(html).toContain(">Name</th>");
    expect(html).toContain("Sara O&#39;Neil");
    expect(html).toContain("English A1");
    expect(html).toContain("Line one<br>Line two");
    expect(html).toContain("Academy, Amman");
  });

  it("omits the fields table and footer when not given", () => {
    const { html, text } = renderEmailLayout({ locale: "en", brand: "B", heading: "H", paragraphs: [] });
    expect(html).not.toContain("<th");
    expect(text).not.toContain("--");
  });
});

describe("the logo in the header", () => {
  it("is the site's PNG logo mark at an absolute URL, decorative beside the brand name", () => {
    const { html } = renderEmailLayout({ locale: "en", brand: "Academy", heading: "Hi", paragraphs: ["x"] });
    const img = /<img src="([^"]+)" width="32" height="32" alt=""/.exec(html);
    expect(img?.[1]).toBe(emailLogoUrl());
    expect(new URL(img![1]!).pathname).toBe(EMAIL_LOGO_PATH);
    expect(EMAIL_LOGO_PATH).toMatch(/\.png$/);
    expect(html).not.toMatch(/<svg|data:image/);
    // The brand name stays as text right after the mark (shown when the client blocks images).
    expect(html).toMatch(/<img [^>]+><span[^>]*>Academy<\/span>/);
  });

  it("takes a given URL, escaped, and sits on the reading side in Arabic", () => {
    const { html } = renderEmailLayout({
      locale: "ar",
      brand: "الأكاديمية",
      heading: "مرحباً",
      paragraphs: ["x"],
      logoUrl: `https://academy.example/images/logo-mark.png?a=1&b="2"`,
    });
    expect(html).toContain(`src="https://academy.example/images/logo-mark.png?a=1&amp;b=&quot;2&quot;"`);
    expect(html).toContain("margin-left:10px");
  });
});

describe("identifiers inside Arabic text", () => {
  it("keep their own order: an isolate in the text part, a left-to-right span in the HTML; English unchanged", () => {
    const id = "ENR-9QH7M2KXB-4TZP8N";
    expect(ltrToken(id, "en")).toBe(id);
    const { text, html } = renderEmailLayout({
      locale: "ar",
      brand: "أكاديمية النيل",
      heading: "تم استلام طلبك",
      paragraphs: [`رقم طلب التسجيل الخاص بك هو ${ltrToken(id, "ar")}. يُرجى ذكره.`],
      fields: [{ label: "رقم طلب التسجيل", value: ltrToken(id, "ar") }],
    });
    expect(text).toContain(`هو \u2066${id}\u2069. يُرجى`);
    expect(html).toContain(`هو <span dir="ltr" style="unicode-bidi:isolate;">${id}</span>. يُرجى`);
    expect(html).not.toMatch(/[\u2066\u2069]/);
  });
});
