import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COURSE_ERRORS,
  courseInitials,
  courseValuesSchema,
  createCourseSchema,
  curriculumFromText,
  documentItemSchema,
  parseCourseQuery,
  shortId,
  slugFromTitle,
  SLUG_PATTERN,
} from "./courses.schema.ts";

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return parseWithZod(fd, { schema: createCourseSchema });
}

function errorsOf(fields: Record<string, string>) {
  const result = form(fields);
  return result.status === "error" ? result.error : null;
}

describe("slug prefill (SPEC §4)", () => {
  it("follows the title, Arabic transliterated; a title without a letter gives course-<short id>", () => {
    expect(slugFromTitle("English for Business!", "abc123")).toBe("english-for-business");
    expect(slugFromTitle("دورة Python للمبتدئين", "abc123")).toBe("dora-python-lel-mabtdein");
    expect(slugFromTitle("دورة اللغة العربية", "abc123")).toBe("dora-el-lagha-el-arbya");
    expect(slugFromTitle("٢٠٢٥", "abc123")).toBe("course-abc123");
    expect(slugFromTitle("   ", "abc123")).toBe("");
    expect(slugFromTitle("x ".repeat(200), "abc123").length).toBeLessThanOrEqual(100);
  });

  it("always gives a slug the server accepts", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (title) => {
        const slug = slugFromTitle(title, shortId());
        if (title.trim()) expect(courseValuesSchema.shape.slug.safeParse(slug).success).toBe(true);
      }),
    );
    expect(shortId()).toMatch(/^[a-z0-9]{6}$/);
    expect(SLUG_PATTERN.test(`course-${shortId()}`)).toBe(true);
  });
});

describe("the course form as posted", () => {
  it("reads checkboxes, numbers, the curriculum lines and the documents list", () => {
    const key = `documents/${"a".repeat(32)}.pdf`;
    const result = form({
      intent: "create",
      title: " Arabic ",
      slug: "arabic",
      language: "ar",
      hours: "10",
      price: "99.90",
      priceVisible: "on",
      curriculum: "One\r\n\r\n Two \nThree",
      documents: JSON.stringify([{ key, fileName: "a.pdf", fileType: "PDF", size: 10 }]),
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({
      title: "Arabic",
      hours: 10,
      price: 99.9,
      priceVisible: true,
      isPublished: false,
      curriculum: ["One", "Two", "Three"],
      documents: [{ key, fileName: "a.pdf", fileType: "PDF", size: 10 }],
      instructorId: null,
      level: null,
      thumbnailUrl: null,
    });
  });

  it("reports list problems on the field itself", () => {
    const ok = { intent: "create", title: "T", slug: "t", language: "en" };
    expect(errorsOf({ ...ok, documents: '[{"key":"../x","fileName":"x","size":1}]' })).toEqual({ documents: [COURSE_ERRORS.documentsInvalid] });
    expect(errorsOf({ ...ok, curriculum: Array(101).fill("m").join("\n") })).toEqual({ curriculum: [COURSE_ERRORS.curriculumTooMany] });
    expect(errorsOf({ ...ok, price: "abc" })).toEqual({ price: [COURSE_ERRORS.priceInvalid] });
  });

  it("splits the curriculum on any line ending", () => {
    expect(curriculumFromText("a\r\nb\rc\nd")).toEqual(["a", "b", "c", "d"]);
  });
});

describe("list query from the URL", () => {
  it("keeps known values and falls back on anything else", () => {
    const id = "0b6f4c1e-2f44-4a7a-9c51-3c8f0d2b7a11";
    expect(parseCourseQuery(new URLSearchParams(`q=+web+&status=draft&category=${id}&language=ar&page=3&sort=price_asc`))).toEqual({
      q: "web",
      status: "draft",
      categoryId: id,
      language: "ar",
      page: 3,
      sort: "price_asc",
    });
    expect(parseCourseQuery(new URLSearchParams("status=x&category=1&language=fr&page=-2&sort=drop"))).toEqual({
      q: "",
      status: "all",
      categoryId: undefined,
      language: undefined,
      page: 1,
      sort: "created_desc",
    });
    // A search is cut to 100 characters (no title is longer than 200; a longer search finds nothing new).
    expect(parseCourseQuery(new URLSearchParams(`q=${"a".repeat(500)}`)).q).toHaveLength(100);
  });
});

describe("initials", () => {
  it("takes two letters", () => {
    expect(courseInitials("english for business")).toBe("EF");
    expect(courseInitials("Python")).toBe("PY");
    expect(courseInitials("دورة اللغة")).toBe("د\u200Cل");
    expect(courseInitials("")).toBe("?");
  });
});

describe("a document name edited in the course form", () => {
  it("is cleaned as at upload and keeps .pdf (issue 14 item 9)", () => {
    const item = { key: "documents/0123456789abcdef0123456789abcdef.pdf", fileType: "PDF", size: 10 };
    expect(documentItemSchema.parse({ ...item, fileName: "../../evil\u202Efdp.exe" }).fileName).toBe("evilfdp.pdf");
    expect(documentItemSchema.parse({ ...item, fileName: "المحاضرة الأولى.pdf" }).fileName).toBe("المحاضرة الأولى.pdf");
  });
});

describe("home page fields (issue 19)", () => {
  const base = { intent: "create", title: "Excel", slug: "excel", language: "en" };

  it("reads the featured box, its order and one outcome per line, trimmed, blank lines dropped", () => {
    const result = form({ ...base, featured: "on", featuredOrder: "٠", outcomes: "  Build pivot tables \n\n\r\nClean data  ", outcomesAr: "تحليل البيانات\n" });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({
      featured: true,
      featuredOrder: 0,
      outcomes: ["Build pivot tables", "Clean data"],
      outcomesAr: ["تحليل البيانات"],
    });
  });

  it("an unchecked box is not featured; an empty order and empty lists are none", () => {
    const result = form({ ...base, featuredOrder: "", outcomes: "\n \n" });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({ featured: false, featuredOrder: null, outcomes: [], outcomesAr: [] });
  });

  it("refuses a negative, fractional or huge order with a translated error", () => {
    for (const featuredOrder of ["-1", "1.5", "abc", "100000"]) {
      expect(errorsOf({ ...base, featuredOrder })?.featuredOrder).toEqual([COURSE_ERRORS.featuredOrderInvalid]);
    }
  });

  it("refuses more than 30 outcomes or one longer than 200 characters, in either language", () => {
    const many = Array.from({ length: 31 }, (_, i) => `Outcome ${i + 1}`).join("\n");
    expect(errorsOf({ ...base, outcomes: many })?.outcomes).toEqual([COURSE_ERRORS.outcomesTooMany]);
    expect(errorsOf({ ...base, outcomesAr: "ن".repeat(201) })?.outcomesAr).toEqual([COURSE_ERRORS.outcomesItemTooLong]);
    // Exactly 30 items of 200 characters pass.
    const full = Array.from({ length: 30 }, () => "x".repeat(200)).join("\n");
    expect(form({ ...base, outcomes: full }).status).toBe("success");
  });

  it("the domain values leave absent fields unset (an update keeps them)", () => {
    const parsed = courseValuesSchema.parse({ title: "Excel", slug: "excel", language: "en" });
    expect(parsed.featured).toBeUndefined();
    expect(parsed.outcomes).toBeUndefined();
    expect(parsed.featuredOrder).toBeNull();
  });
});
