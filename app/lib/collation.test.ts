import { describe, expect, it } from "vitest";
import { nameCollator, PINNED_CATEGORY_SLUGS, sortByName, sortCategories, sortCategoryTree } from "./collation.ts";

const cat = (slug: string, name: string, nameAr: string | null = null) => ({ slug, name, nameAr });

describe("sortCategories", () => {
  const items = [
    cat("technology", "Technology", "التكنولوجيا"),
    cat("business", "Business", "الأعمال"),
    cat("design", "Design", "التصميم"),
    cat("languages", "Languages", "اللغات"),
    cat("career", "Career Skills", null),
    cat("data", "Data", "بيانات"),
  ];

  it("orders by the English names in English", () => {
    expect(sortCategories(items, "en").map((c) => c.slug)).toEqual(["business", "career", "data", "design", "languages", "technology"]);
  });

  it("orders by the Arabic names with Arabic collation in Arabic; names without Arabic come after", () => {
    // الأعمال < التصميم < التكنولوجيا < اللغات < بيانات, then the Latin "Career Skills".
    expect(sortCategories(items, "ar").map((c) => c.slug)).toEqual(["business", "design", "technology", "languages", "data", "career"]);
  });

  it("treats the hamza forms of alef as alef, not as letters after ي", () => {
    const names = ["إدارة", "أعمال", "ابتكار", "آداب", "يوغا", "برمجة"].map((n, i) => cat(`s${i}`, `N${i}`, n));
    expect(sortCategories(names, "ar").map((c) => c.nameAr)).toEqual(["آداب", "ابتكار", "إدارة", "أعمال", "برمجة", "يوغا"]);
  });

  it("keeps the special catalogue entries first, in their order", () => {
    const withSpecial = [...items, cat("arabic", "Arabic Courses", "دورات عربية"), cat("all", "All", "الكل"), cat("english", "English", "إنجليزي")];
    for (const locale of ["en", "ar"] as const) {
      expect(sortCategories(withSpecial, locale).slice(0, 3).map((c) => c.slug)).toEqual([...PINNED_CATEGORY_SLUGS]);
    }
  });

  it("does not change the list it is given", () => {
    const copy = [...items];
    sortCategories(items, "ar");
    expect(items).toEqual(copy);
  });
});

describe("sortByName", () => {
  it("puts the explicit sort order first, then the displayed name", () => {
    const subs = [
      { name: "Zeta", nameAr: "زيتا", sortOrder: 0 },
      { name: "Beta", nameAr: "بيتا", sortOrder: 2 },
      { name: "Alpha", nameAr: "ألفا", sortOrder: 2 },
      { name: "Gamma", nameAr: "جاما", sortOrder: 1 },
    ];
    expect(sortByName(subs, "en").map((s) => s.name)).toEqual(["Zeta", "Gamma", "Alpha", "Beta"]);
    expect(sortByName(subs, "ar").map((s) => s.nameAr)).toEqual(["زيتا", "جاما", "ألفا", "بيتا"]);
  });

  it("compares numbers by value", () => {
    const levels = ["Level 10", "Level 2", "Level 1"].map((name) => ({ name, nameAr: null }));
    expect(sortByName(levels, "en").map((l) => l.name)).toEqual(["Level 1", "Level 2", "Level 10"]);
  });
});

describe("sortCategoryTree", () => {
  it("orders the categories and each one's subcategories", () => {
    const tree = [
      { ...cat("technology", "Technology", "التكنولوجيا"), subcategories: [{ name: "Web", nameAr: "الويب", sortOrder: 0 }, { name: "Data", nameAr: "البيانات", sortOrder: 0 }] },
      { ...cat("business", "Business", "الأعمال"), subcategories: [] },
    ];
    const ar = sortCategoryTree(tree, "ar");
    expect(ar.map((c) => c.slug)).toEqual(["business", "technology"]);
    expect(ar[1]!.subcategories.map((s) => s.nameAr)).toEqual(["البيانات", "الويب"]);
    expect(sortCategoryTree(tree, "en")[1]!.subcategories.map((s) => s.name)).toEqual(["Data", "Web"]);
  });
});

describe("nameCollator", () => {
  it("is the Arabic collation in Arabic and the English one otherwise", () => {
    expect(nameCollator("ar").resolvedOptions().locale).toMatch(/^ar/);
    expect(nameCollator("en").resolvedOptions().locale).toMatch(/^en/);
    expect(nameCollator("ar")).toBe(nameCollator("ar"));
  });
});
