import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { categories, courses, subcategories } from "@db/schema/index.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
});

describe("schema constraints", () => {
  it("refuses to delete a category that a course uses", async () => {
    const [cat] = await database.db.insert(categories).values({ name: "Languages", slug: "languages" }).returning();
    await database.db.insert(courses).values({ title: "English A1", slug: "english-a1", language: "en", categoryId: cat!.id });
    await expect(database.db.delete(categories).where(eq(categories.id, cat!.id))).rejects.toThrow();
    expect(await database.db.select().from(categories)).toHaveLength(1);
  });

  it("refuses to delete a subcategory that a course uses", async () => {
    const [cat] = await database.db.insert(categories).values({ name: "Business", slug: "business" }).returning();
    const [sub] = await database.db
      .insert(subcategories)
      .values({ name: "Marketing", slug: "marketing", categoryId: cat!.id })
      .returning();
    await database.db.insert(courses).values({ title: "SEO", slug: "seo", language: "en", subcategoryId: sub!.id });
    await expect(database.db.delete(subcategories).where(eq(subcategories.id, sub!.id))).rejects.toThrow();
  });

  it("rejects a duplicate slug, a bad language, a negative price, zero hours and an over-long title", async () => {
    await database.db.insert(courses).values({ title: "A", slug: "a", language: "en" });
    const bad = [
      { title: "B", slug: "a", language: "en" },
      { title: "B", slug: "b", language: "fr" },
      { title: "B", slug: "b", language: "en", price: -1 },
      { title: "B", slug: "b", language: "en", hours: 0 },
      { title: "x".repeat(201), slug: "b", language: "en" },
      { title: "B", slug: "Not A Slug", language: "en" },
    ];
    for (const values of bad) {
      await expect(database.db.insert(courses).values(values)).rejects.toThrow();
    }
    expect(await database.db.select().from(courses)).toHaveLength(1);
  });
});
