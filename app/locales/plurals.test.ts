import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "./index.ts";

describe("plural forms", () => {
  it("uses Arabic's six plural categories and English's two", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: "ar", defaultNS: "common", interpolation: { escapeValue: false } });
    const ar = i18n.getFixedT("ar");
    expect(ar("catalog.coursesFound", { count: 0 })).toBe("لا توجد دورات");
    expect(ar("catalog.coursesFound", { count: 1 })).toBe("تم العثور على دورة واحدة");
    expect(ar("catalog.coursesFound", { count: 2 })).toBe("تم العثور على دورتين");
    expect(ar("catalog.coursesFound", { count: 5 })).toBe("تم العثور على 5 دورات");
    expect(ar("catalog.coursesFound", { count: 11 })).toBe("تم العثور على 11 دورة");
    expect(ar("catalog.coursesFound", { count: 100 })).toBe("تم العثور على 100 دورة");
    const en = i18n.getFixedT("en");
    expect(en("catalog.coursesFound", { count: 1 })).toBe("1 course found");
    expect(en("catalog.coursesFound", { count: 24 })).toBe("24 courses found");
  });
});
