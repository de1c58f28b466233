// The catalogue page's loader (issue 19 point 5), in English and Arabic, on a real database: the heading
// names an active subcategory and its category, a page past the last redirects to the last page (not page
// 1), and a subcategory left over from another category (the category select changed) is dropped.
import { beforeEach, describe, expect, it } from "vitest";
import { loader as coursesLoader } from "~/routes/site/courses.tsx";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeSubcategory } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";

const database = setUpTestDatabase();

let tech: string;
let business: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  tech = (await makeCategory({ name: "Technology", nameAr: "التكنولوجيا", slug: "technology" })).id;
  business = (await makeCategory({ name: "Business", nameAr: "الأعمال", slug: "business" })).id;
  const web = (await makeSubcategory(tech, { name: "Web Development", nameAr: "تطوير الويب", slug: "web-development" })).id;
  let n = 0;
  const add = (title: string, values: Record<string, unknown>) =>
    makeCourse({ title, slug: `c-${++n}`, isPublished: true, createdAt: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000), ...values });
  await add("React", { categoryId: tech, subcategoryId: web });
  await add("Pandas", { categoryId: tech });
  for (let i = 0; i < 30; i++) await add(`Marketing ${i}`, { categoryId: business });
});

const load = (url: string) => callLoader(coursesLoader, { url, params: { lang: url.split("/")[1] ?? "en" } });

describe("catalogue page loader", () => {
  it.each([
    ["en", "Web Development Courses in Technology"],
    ["ar", "دورات تطوير الويب في التكنولوجيا"],
  ])("names the subcategory and its category in the heading (%s)", async (lang, heading) => {
    const res = await load(`/${lang}/courses?subcategory=web-development`);
    expect(res.status).toBe(200);
    expect(res.data?.heading).toBe(heading);
    expect(res.data?.result.courses.map((c) => c.title)).toEqual(["React"]);
    expect(res.data?.result.category?.slug).toBe("technology");
  });

  it("names a category's page in words and a second page as one, in both languages (issue 36 item 9)", async () => {
    const en = await load("/en/courses?category=business");
    expect(en.data?.heading).toBe("Courses in Business");
    expect(en.data?.title).toBe("Courses in Business");
    expect((await load("/en/courses?category=business&page=2")).data?.title).toBe("Courses in Business, page 2");
    const ar = await load("/ar/courses?category=business&page=2");
    expect(ar.data?.title).toBe(`${ar.data?.heading}، الصفحة 2`);
    expect(ar.data?.heading).toMatch(/^دورات /);
  });

  it.each(["en", "ar"])("redirects a page past the last one to the last page, keeping the filters (%s)", async (lang) => {
    // 30 business courses: 2 pages of 24.
    const past = await load(`/${lang}/courses?category=business&page=7`);
    expect(past.status).toBe(302);
    expect(past.response?.headers.get("Location")).toBe(`/${lang}/courses?category=business&page=2`);
    const last = await load(`/${lang}/courses?category=business&page=2`);
    expect(last.status).toBe(200);
    expect(last.data?.result.page).toBe(2);
    // A category with one page: the page number goes.
    const one = await load(`/${lang}/courses?category=technology&page=2`);
    expect(one.status).toBe(302);
    expect(one.response?.headers.get("Location")).toBe(`/${lang}/courses?category=technology`);
  });

  it("drops a subcategory of another category than the one chosen: the chosen category's courses show", async () => {
    const res = await load("/en/courses?category=business&subcategory=web-development");
    expect(res.status).toBe(200);
    expect(res.data?.result.subcategory).toBeNull();
    expect(res.data?.result.category?.slug).toBe("business");
    expect(res.data?.result.total).toBe(30);
    expect(res.data?.heading).toBe("Courses in Business");
    // Within its own category the subcategory still narrows.
    const own = await load("/en/courses?category=technology&subcategory=web-development");
    expect(own.data?.result.courses.map((c) => c.title)).toEqual(["React"]);
  });
});
