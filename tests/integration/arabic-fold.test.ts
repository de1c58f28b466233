// D17: the search folding in TypeScript (foldForSearch) and in SQL (the generated column
// courses.search_title) must agree, on PGlite and on PostgreSQL.
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { courses, foldForSearchSql } from "@db/schema/index.ts";
import { foldForSearch } from "~/lib/arabic.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";

const TRICKY = [
  "أحمد للمبتدئين",
  "إدارة المشاريع الاحترافية",
  "آفاق التسويق الرقمي",
  "ٱلعربية الفصحى",
  "مُحَمَّد وَالرَّحْمٰنِ",
  "تَنْوِينٌ وَتَنْوِينًا وَتَنْوِينٍ",
  "برمجـــة بايثون",
  "المستوى المتقدم",
  "مؤتمر رئيس الجلسة",
  "Business ENGLISH for Beginners",
  "École ÉTÉ Straße ΣΟΦΙΑΣ ДОМ",
  "ＡＩ ｆｏｒ Ｅｖｅｒｙｏｎｅ",
  "ﻻ ﷲ \uFE8D\uFE91",
  "ا\u0654حمد و\u0654",
  "  Excel \t\n\r  Basics\u00A0\u3000Pro\u2028 ",
  "تصم\u200Cيم\u200F \u061Cالجرافيك\uFEFF",
  "100% Off_Sale \\ [a-z]* (x|y) 'quoted' \"double\"",
  "C++ / C# & .NET — 2025 ١٢٣",
  "Ⅻ ½ ﬁle ㎏ ①",
  "ــ ً ـ",
  "Photoshop 🎨 تصميم 🚀",
];

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
});

async function sqlFold(text: string): Promise<string> {
  const res = (await database.db.execute(sql`select ${foldForSearchSql(sql`${text}::text`)} as folded`)) as unknown as {
    rows: { folded: string }[];
  };
  return res.rows[0]!.folded;
}

describe("search folding in SQL", () => {
  it("gives the same result as foldForSearch for tricky strings", async () => {
    for (const text of TRICKY) {
      expect({ text, folded: await sqlFold(text) }).toEqual({ text, folded: foldForSearch(text) });
    }
  });

  it("keeps courses.search_title up to date on insert and update", async () => {
    const rows = await database.db
      .insert(courses)
      .values(TRICKY.map((title, i) => ({ title, slug: `course-${i}`, language: "ar" })))
      .returning({ title: courses.title, searchTitle: courses.searchTitle });
    expect(rows).toHaveLength(TRICKY.length);
    for (const row of rows) expect(row.searchTitle, row.title).toBe(foldForSearch(row.title));

    await database.db.update(courses).set({ title: "الإِحْصَاءُ ـ للمبتدئين" }).where(eq(courses.slug, "course-0"));
    const [updated] = await database.db
      .select({ searchTitle: courses.searchTitle })
      .from(courses)
      .where(eq(courses.slug, "course-0"));
    expect(updated?.searchTitle).toBe("الاحصاء للمبتديين");
  });

  it("has pg_trgm and a trigram GIN index on search_title", async () => {
    const ext = (await database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`)) as unknown as {
      rows: unknown[];
    };
    expect(ext.rows).toHaveLength(1);
    const idx = (await database.db.execute(
      sql`select indexdef from pg_indexes where tablename = 'courses' and indexname = 'courses_search_title_trgm_idx'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(idx.rows[0]?.indexdef).toMatch(/USING gin \(search_title gin_trgm_ops\)/);
  });

  it("serves a substring search from the trigram index", async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(
        sql`explain select id from courses where search_title like ${"%" + foldForSearch("أحمد") + "%"}`,
      )) as unknown as { rows: { "QUERY PLAN": string }[] };
      return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("courses_search_title_trgm_idx");
  });
});
