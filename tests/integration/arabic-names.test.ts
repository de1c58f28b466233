// Issue 13 point 7 against a real database (PGlite, or PostgreSQL with TEST_DB=pg): a category, a
// subcategory and a course created with only Arabic names get the readable Latin slug the admin forms
// fill in (app/lib/slug.ts transliterates), stored through the domain functions the admin actions call;
// the slug stays unique; and category lists read in Arabic order on Arabic pages.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { categories, courses, subcategories, user } from "@db/schema/index.ts";
import { getNavCategories } from "~/features/catalog/catalog.server.ts";
import { CATEGORY_LIMITS } from "~/features/categories/categories.schema.ts";
import { createCategory, createSubcategory, listCategoriesAdmin } from "~/features/categories/categories.server.ts";
import { createCourse, getCourseFormOptions } from "~/features/courses/courses-admin.server.ts";
import { COURSE_ERRORS, shortId, slugFromTitle } from "~/features/courses/courses.schema.ts";
import { ensureAdmin } from "~/features/users/admin-bootstrap.server.ts";
import { sortByName, sortCategories, sortCategoryTree } from "~/lib/collation.ts";
import { AppError } from "~/lib/errors.ts";
import { loadPermissions, type Actor } from "~/lib/permissions.server.ts";
import { SLUG_PATTERN, slugify } from "~/lib/slug.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  const created = await ensureAdmin(database.db, { email: "admin@example.com", password: "Admin-Passw0rd!" });
  const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
  admin = {
    id: row!.id,
    email: row!.email,
    name: row!.name,
    role: row!.role,
    mustChangePassword: false,
    permissions: await loadPermissions(row!.role),
    ip: "203.0.113.5",
  };
});

describe("Arabic names get a readable Latin slug", () => {
  it("a category and a subcategory named only in Arabic store the slug the form fills in", async () => {
    // What the category dialog puts in the slug field while the name is typed (useSlug → slugify).
    const name = "البرمجة والتكنولوجيا";
    const slug = slugify(name, CATEGORY_LIMITS.categorySlug);
    expect(slug).toBe("el-barmga-wel-taknologya");
    const category = await createCategory(admin, { name, nameAr: name, slug });

    const subName = "تطوير تطبيقات الويب";
    const sub = await createSubcategory(admin, {
      name: subName,
      slug: slugify(subName, CATEGORY_LIMITS.subcategorySlug),
      categoryId: category.id,
    });

    const [storedCategory] = await database.db.select().from(categories).where(eq(categories.id, category.id));
    const [storedSub] = await database.db.select().from(subcategories).where(eq(subcategories.id, sub.id));
    expect(storedCategory!.slug).toBe("el-barmga-wel-taknologya");
    expect(storedSub!.slug).toBe("tatwir-tatbiqat-el-wib");
    for (const stored of [storedCategory!.slug, storedSub!.slug]) {
      expect(stored).toMatch(SLUG_PATTERN);
      expect(stored).not.toMatch(/^course-|^-|-$|--/);
    }
  });

  it("a course with an Arabic title stores its transliterated slug; a second one with the same title is refused", async () => {
    // What the course form puts in the slug field while the title is typed (slugFromTitle).
    const title = "تحليل البيانات باستخدام Excel وPower BI";
    const slug = slugFromTitle(title, shortId());
    expect(slug).toBe("tahlil-el-bayanat-bastkhdam-excel-wpower-bi");
    const saved = await createCourse(admin, { title, slug, language: "ar" });
    expect(saved.slug).toBe(slug);

    const arabicOnly = "دورة اللغة العربية للمبتدئين";
    const second = await createCourse(admin, { title: arabicOnly, slug: slugFromTitle(arabicOnly, shortId()), language: "ar" });
    const [stored] = await database.db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, second.id));
    expect(stored!.slug).toBe("dora-el-lagha-el-arbya-lel-mabtdein");

    // The slug stays unique: the same title again gives the same slug, refused on the slug field.
    const err = await createCourse(admin, { title: arabicOnly, slug: slugFromTitle(arabicOnly, shortId()), language: "ar" }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).messageKey).toBe(COURSE_ERRORS.slugTaken);
    expect((err as AppError).fields).toEqual({ slug: COURSE_ERRORS.slugTaken });
  });
});

describe("category lists in Arabic order on Arabic pages", () => {
  async function seed() {
    const [tech] = await database.db
      .insert(categories)
      .values({ name: "Technology", nameAr: "التكنولوجيا", slug: "technology" })
      .returning();
    await database.db.insert(categories).values([
      { name: "Business", nameAr: "الأعمال", slug: "business" },
      { name: "Arabic Courses", nameAr: "دورات عربية", slug: "arabic" },
      { name: "Data", nameAr: "بيانات", slug: "data" },
      { name: "Career Skills", slug: "career" },
    ]);
    await database.db.insert(subcategories).values([
      { name: "Web", nameAr: "الويب", slug: "web", categoryId: tech!.id },
      { name: "Animation", nameAr: "الرسوم المتحركة", slug: "animation", categoryId: tech!.id },
      { name: "Cybersecurity", nameAr: "الأمن السيبراني", slug: "security", categoryId: tech!.id },
      { name: "AI", nameAr: "الذكاء الاصطناعي", slug: "ai", categoryId: tech!.id, sortOrder: 5 },
    ]);
  }

  it("the header menu's categories and subcategories (getNavCategories)", async () => {
    await seed();
    const nav = await getNavCategories();
    const ar = sortCategoryTree(nav, "ar");
    expect(ar.map((c) => c.slug)).toEqual(["arabic", "business", "technology", "data", "career"]);
    expect(ar.find((c) => c.slug === "technology")!.subcategories.map((s) => s.slug)).toEqual(["security", "animation", "web", "ai"]);
    const en = sortCategoryTree(nav, "en");
    expect(en.map((c) => c.slug)).toEqual(["arabic", "business", "career", "data", "technology"]);
    expect(en.find((c) => c.slug === "technology")!.subcategories.map((s) => s.slug)).toEqual(["animation", "security", "web", "ai"]);
  });

  it("the admin categories page and the course form's selects", async () => {
    await seed();
    const lists = await listCategoriesAdmin(admin);
    expect(sortCategories(lists.categories, "ar").map((c) => c.slug)).toEqual(["arabic", "business", "technology", "data", "career"]);
    expect(sortByName(lists.subcategories, "ar").map((s) => s.slug)).toEqual(["security", "animation", "web", "ai"]);

    const options = await getCourseFormOptions(admin);
    expect(sortCategories(options.categories, "ar").map((c) => c.slug)).toEqual(["arabic", "business", "technology", "data", "career"]);
    expect(sortByName(options.subcategories, "ar").map((s) => s.name)).toEqual(["Cybersecurity", "Animation", "Web", "AI"]);
    expect(sortByName(options.subcategories, "en").map((s) => s.name)).toEqual(["Animation", "Cybersecurity", "Web", "AI"]);
  });
});
