import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InstructorPhoto } from "./instructor-photo.tsx";
import { localizeInstructor } from "./instructor-view.ts";

type Named = { name: string; nameAr: string | null; title: null; titleAr: null; bioShort: null; bioShortAr: null };
const mona: Named = { name: "Dr. Mona El-Sayed", nameAr: "د. منى السيد", title: null, titleAr: null, bioShort: null, bioShortAr: null };
const ZWNJ = "\u200C";

function photoOf(instructor: Named, locale: "en" | "ar", src: string | null, withAlt = true) {
  const view = localizeInstructor(instructor, locale, "Instructor");
  return renderToStaticMarkup(<InstructorPhoto src={src} alt={withAlt ? view.name : ""} size={96} name={view.name} />);
}

describe("InstructorPhoto", () => {
  it("shows the uploaded photo as an <img> whose alt is the name in the page's language", () => {
    const en = photoOf(mona, "en", "/media/photos/2026/abc.webp");
    expect(en).toContain("<img ");
    expect(en).toContain('src="/media/photos/2026/abc.webp"');
    expect(en).toContain('alt="Dr. Mona El-Sayed"');
    expect(en).toContain('width="96"');
    const ar = photoOf(mona, "ar", "/media/photos/2026/abc.webp");
    expect(ar).toContain('alt="د. منى السيد"');
    // A photo never shows initials.
    expect(en).not.toContain("MS");
  });

  it("beside a written name the photo is decorative (alt=\"\")", () => {
    const html = photoOf(mona, "ar", "/media/photos/2026/abc.webp", false);
    expect(html).toContain('alt=""');
  });

  it("without a photo shows initials in the page's language: Arabic letters on /ar, Latin on /en", () => {
    const ar = photoOf(mona, "ar", null);
    expect(ar).not.toContain("<img");
    expect(ar).toContain(`>م${ZWNJ}س</span>`);
    expect(ar).toContain('role="img" aria-label="د. منى السيد"');
    const en = photoOf(mona, "en", null);
    expect(en).toContain(">MS</span>");
    expect(en).not.toMatch(/[\u0600-\u06FF]/);
  });

  it("falls back to the Latin initials on /ar when there is no Arabic name, and to an icon without any name", () => {
    expect(photoOf({ ...mona, nameAr: null }, "ar", null)).toContain(">MS</span>");
    expect(photoOf({ ...mona, nameAr: "  " }, "ar", null)).toContain(">MS</span>");
    const none = renderToStaticMarkup(<InstructorPhoto src={null} alt="" size={56} />);
    expect(none).toContain('aria-hidden="true"');
    expect(none).toContain("<svg");
  });

  it("initials alone are hidden from screen readers when the name is written beside them", () => {
    const html = photoOf(mona, "en", null, false);
    expect(html).toMatch(/^<span aria-hidden="true"/);
    expect(html).toContain(">MS</span>");
  });
});
