import { describe, expect, it } from "vitest";
import { formatFigure } from "~/lib/format.ts";
import { instructorLinks, localizeInstructor } from "./instructor-view.ts";

const full = {
  name: "Ahmed Samir",
  nameAr: "أحمد سمير",
  title: "Senior Software Engineer",
  titleAr: "مهندس برمجيات أول",
  bioShort: "Ahmed builds web platforms.",
  bioShortAr: "أحمد يطوّر منصات الويب.",
};
const englishOnly = { name: "Mona", nameAr: null, title: null, titleAr: null, bioShort: null, bioShortAr: null };

describe("localizeInstructor", () => {
  it("uses the main fields in English", () => {
    expect(localizeInstructor(full, "en", "Instructor")).toEqual({
      name: "Ahmed Samir",
      title: "Senior Software Engineer",
      bio: "Ahmed builds web platforms.",
    });
  });

  it("prefers the Arabic variants in Arabic", () => {
    expect(localizeInstructor(full, "ar", "مدرب")).toEqual({
      name: "أحمد سمير",
      title: "مهندس برمجيات أول",
      bio: "أحمد يطوّر منصات الويب.",
    });
  });

  it("falls back to the main fields in Arabic when the Arabic ones are missing or blank", () => {
    const partial = { ...full, nameAr: "  ", titleAr: null, bioShortAr: "" };
    expect(localizeInstructor(partial, "ar", "مدرب")).toEqual({
      name: "Ahmed Samir",
      title: "Senior Software Engineer",
      bio: "Ahmed builds web platforms.",
    });
  });

  it("does not show Arabic-only texts on the English page", () => {
    const arabicOnly = { ...englishOnly, titleAr: "مدربة", bioShortAr: "نبذة" };
    expect(localizeInstructor(arabicOnly, "en", "Instructor")).toEqual({
      name: "Mona",
      title: "Instructor",
      bio: null,
    });
  });

  it("reads the translated fallback title and no bio when none is set", () => {
    expect(localizeInstructor(englishOnly, "en", "Instructor")).toEqual({
      name: "Mona",
      title: "Instructor",
      bio: null,
    });
    expect(localizeInstructor(englishOnly, "ar", "مدرب")).toEqual({ name: "Mona", title: "مدرب", bio: null });
  });

  it("trims the texts", () => {
    expect(localizeInstructor({ ...englishOnly, name: " Mona ", title: " Coach " }, "en", "Instructor")).toMatchObject({
      name: "Mona",
      title: "Coach",
    });
  });
});

describe("instructorLinks", () => {
  const none = { email: null, facebook: null, instagram: null, linkedin: null };

  it("lists nothing when no contact is set", () => {
    expect(instructorLinks(none)).toEqual([]);
    expect(instructorLinks({ email: " ", facebook: "", instagram: "", linkedin: "" })).toEqual([]);
  });

  it("lists only the links that exist, in a fixed order", () => {
    expect(
      instructorLinks({
        ...none,
        linkedin: "https://www.linkedin.com/in/ahmed",
        email: "ahmed@example.com",
      }),
    ).toEqual([
      { kind: "email", href: "mailto:ahmed@example.com" },
      { kind: "linkedin", href: "https://www.linkedin.com/in/ahmed" },
    ]);
    expect(
      instructorLinks({
        email: "a@b.co",
        facebook: "https://facebook.com/a",
        instagram: "http://instagram.com/a",
        linkedin: "https://linkedin.com/in/a",
      }).map((l) => l.kind),
    ).toEqual(["email", "facebook", "instagram", "linkedin"]);
  });

  it("drops unsafe or malformed values", () => {
    expect(
      instructorLinks({
        email: "not-an-email?subject=x",
        facebook: "javascript:alert(1)",
        instagram: "/relative/path",
        linkedin: "data:text/html,hi",
      }),
    ).toEqual([]);
    expect(instructorLinks({ ...none, email: "a@b.co?cc=evil@x.com" })).toEqual([]);
  });
});

describe("formatFigure", () => {
  it("groups digits for the locale and adds '+' when asked", () => {
    expect(formatFigure(15000, "en", true)).toBe("15,000+");
    expect(formatFigure(12, "en", false)).toBe("12");
    expect(formatFigure(15000, "ar", true)).toBe("15,000+"); // D26: Western digits in Arabic
    expect(formatFigure(8, "ar", false)).toBe("8");
  });
});
