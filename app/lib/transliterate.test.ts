import { describe, expect, it } from "vitest";
import { transliterateArabic } from "./transliterate.ts";

describe("transliterateArabic", () => {
  it("leaves text without Arabic as it is", () => {
    expect(transliterateArabic("Power BI & Excel 2025!")).toBe("Power BI & Excel 2025!");
    expect(transliterateArabic("")).toBe("");
  });

  it("writes the article as el-, also after a one-letter prefix and as lel-", () => {
    expect(transliterateArabic("البيانات")).toBe("el-bayanat");
    expect(transliterateArabic("والتكنولوجيا")).toBe("wel-taknologya");
    expect(transliterateArabic("بالعربية")).toBe("bel-arbya");
    expect(transliterateArabic("للمبتدئين")).toBe("lel-mabtdein");
    // Not an article: too short to carry one.
    expect(transliterateArabic("الف")).toBe("alf");
    expect(transliterateArabic("الله")).toBe("allah");
  });

  it("reads و and ي as consonants or vowels from their neighbours", () => {
    expect(transliterateArabic("وظيفة")).toBe("wazifa");
    expect(transliterateArabic("دورة")).toBe("dora");
    expect(transliterateArabic("تطوير")).toBe("tatwir");
    expect(transliterateArabic("طاولة")).toBe("tawla");
    expect(transliterateArabic("يوسف")).toBe("yosf");
    expect(transliterateArabic("عربي")).toBe("arbi");
    expect(transliterateArabic("سياحة")).toBe("sayaha");
  });

  it("puts an a between two leading consonants only", () => {
    expect(transliterateArabic("تحليل")).toBe("tahlil");
    expect(transliterateArabic("جديد")).toBe("gadid");
    expect(transliterateArabic("إدارة")).toBe("edara");
    expect(transliterateArabic("كيف")).toBe("kif");
  });

  it("writes a lone و as wa and one against a Latin word as w", () => {
    expect(transliterateArabic("Excel و Power")).toBe("Excel wa Power");
    expect(transliterateArabic("Excel وPower")).toBe("Excel wPower");
  });

  it("drops diacritics and tatweel, turns Arabic digits and punctuation into ASCII ones and spaces", () => {
    expect(transliterateArabic("مُحَمَّد")).toBe(transliterateArabic("محمد"));
    expect(transliterateArabic("البرمجـــة")).toBe("el-barmga");
    expect(transliterateArabic("٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789 0123456789");
    expect(transliterateArabic("شرح،مبسط؟")).toBe("sharh mabst ");
  });

  it("gives Latin letters for every Arabic letter but hamza", () => {
    const letters = "آأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيپچژڤکگی";
    for (const letter of letters) expect(transliterateArabic(letter)).toMatch(/^[a-z]+$/);
    expect(transliterateArabic("ء")).toBe("");
  });
});
