import { describe, expect, it } from "vitest";
import { foldForSearch } from "./arabic.ts";

describe("foldForSearch", () => {
  it("folds alef forms so that احمد matches أحمد", () => {
    expect(foldForSearch("أحمد")).toBe("احمد");
    expect(foldForSearch("إسلام")).toBe("اسلام");
    expect(foldForSearch("آمال")).toBe("امال");
    expect(foldForSearch("ٱلعربية")).toBe("العربيه");
    expect(foldForSearch("أحمد")).toBe(foldForSearch("احمد"));
  });

  it("removes tashkeel", () => {
    expect(foldForSearch("مُحَمَّد")).toBe("محمد");
    expect(foldForSearch("اللُّغَةُ العَرَبِيَّةُ")).toBe("اللغه العربيه");
    expect(foldForSearch("تَنْوِينٌ وَتَنْوِينًا وَتَنْوِينٍ")).toBe("تنوين وتنوينا وتنوين");
    expect(foldForSearch("الرَّحْمٰنِ")).toBe("الرحمن"); // superscript alef U+0670
  });

  it("removes tatweel", () => {
    expect(foldForSearch("برمجـــة")).toBe("برمجه");
    expect(foldForSearch("ـمحمدـ")).toBe("محمد");
  });

  it("folds ya/alef maqsura, ta marbuta and hamza carriers", () => {
    expect(foldForSearch("مستوى")).toBe("مستوي");
    expect(foldForSearch("مدرسة")).toBe("مدرسه");
    expect(foldForSearch("مؤتمر")).toBe("موتمر");
    expect(foldForSearch("رئيس")).toBe("رييس");
  });

  it("case-folds English and applies NFKC", () => {
    expect(foldForSearch("Business English")).toBe("business english");
    expect(foldForSearch("PYTHON for Data")).toBe("python for data");
    expect(foldForSearch("ÉCOLE")).toBe("école");
    expect(foldForSearch("ＡＩ ｆｏｒ ｙｏｕ")).toBe("ai for you"); // full-width
    expect(foldForSearch("ﻻ")).toBe("لا"); // presentation-form ligature
    expect(foldForSearch("\uFE8D")).toBe("ا"); // isolated alef presentation form
    expect(foldForSearch("ا\u0654")).toBe("ا"); // alef + combining hamza composes to أ, then folds
  });

  it("collapses whitespace, trims and drops invisible marks", () => {
    expect(foldForSearch("  Excel \t\n  Basics  ")).toBe("excel basics");
    expect(foldForSearch("a\u00A0b\u3000c\u2028d")).toBe("a b c d");
    expect(foldForSearch("تصم\u200Cيم\u200F")).toBe("تصميم");
    expect(foldForSearch("")).toBe("");
    expect(foldForSearch(" ــ ً ")).toBe("");
  });

  it("keeps LIKE wildcards and other punctuation as they are", () => {
    expect(foldForSearch("100% Off_Sale")).toBe("100% off_sale");
    expect(foldForSearch("C++ / C#")).toBe("c++ / c#");
  });

  it("is idempotent", () => {
    for (const s of ["أحمد مُحَمَّد", "ÉCOLE  ﻻ", "مدرسة ـ مستوى", "Straße İstanbul ΣΟΦΙΑΣ"]) {
      expect(foldForSearch(foldForSearch(s))).toBe(foldForSearch(s));
    }
  });
});
