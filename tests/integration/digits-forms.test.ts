// D26: Arabic-Indic digits typed in the admin forms' numeric fields are read as 0–9, through Conform's
// parseWithZod on FormData exactly as the forms post them (the browser and the server parse the same way).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { createSubcategoryFormSchema } from "~/features/categories/categories.schema.ts";
import { courseFormSchema } from "~/features/courses/courses.schema.ts";
import { accountRequestSchema, durationChosen } from "~/features/instructor-accounts/accounts.schema.ts";
import { settingsFormSchema } from "~/features/settings/settings-admin.schema.ts";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
}

function parsed<T>(submission: { status?: string; value?: T; error?: unknown }): T {
  expect(submission.status, JSON.stringify(submission.error)).toBe("success");
  return submission.value as T;
}

describe("Arabic-Indic digits in numeric fields (D26)", () => {
  it("course hours and price, with the Arabic decimal separator", () => {
    const value = parsed(
      parseWithZod(form({ intent: "create", title: "دورة", slug: "dora", language: "ar", hours: "٢٤", price: "١٥٠٠٫٥٠" }), {
        schema: courseFormSchema,
      }),
    );
    expect(value).toMatchObject({ hours: 24, price: 1500.5 });
    expect(parsed(parseWithZod(form({ intent: "create", title: "T", slug: "t", language: "en", hours: "۱۲", price: "99" }), { schema: courseFormSchema }))).toMatchObject({ hours: 12, price: 99 });
  });

  it("keeps the same messages for what is still wrong", () => {
    const submission = parseWithZod(form({ intent: "create", title: "T", slug: "t", language: "en", hours: "١٫٥", price: "-٣" }), {
      schema: courseFormSchema,
    });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : undefined).toMatchObject({ hours: ["coursesAdmin.errors.hoursInteger"], price: ["coursesAdmin.errors.priceNonNegative"] });
  });

  it("subcategory sort order", () => {
    const value = parsed(
      parseWithZod(
        form({ intent: "createSubcategory", name: "English", slug: "english", categoryId: "3f1c2a9e-5b7d-4c8a-9e2f-1a2b3c4d5e6f", sortOrder: "٣" }),
        { schema: createSubcategoryFormSchema },
      ),
    );
    expect(value).toMatchObject({ sortOrder: 3 });
  });

  it("an instructor account's duration", () => {
    const value = parsed(
      parseWithZod(form({ intent: "account", instructorId: "3f1c2a9e-5b7d-4c8a-9e2f-1a2b3c4d5e6f", hours: "٢", minutes: "٣٠" }), {
        schema: accountRequestSchema,
      }),
    );
    expect(value).toMatchObject({ hours: 2, minutes: 30 });
    expect(durationChosen("٠", "٠")).toBe(false);
    expect(durationChosen("", "٤٥")).toBe(true);
  });

  it("the site settings' About figures and phone numbers", () => {
    const value = parsed(
      parseWithZod(
        form({ intent: "save", brandNameEn: "Nile", yearsOfExperience: "١٢", partners: "۴۰", students: "٢٠٠٠٠", phone1: "٠١٠ ١٢٣٤ ٥٦٧٨", chatNumber: "٢٠١٠١٢٣٤٥٦٧٨" }),
        { schema: settingsFormSchema },
      ),
    );
    expect(value).toMatchObject({ yearsOfExperience: 12, partners: 40, students: 20000, phone1: "+201012345678", chatNumber: "+201012345678" });
  });
});
