import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/index.ts";
import type { ActorView, Permission } from "./permissions.ts";
import { grantedActions, introKey, roleNote } from "./role-copy.ts";

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: "en", defaultNS: "common", interpolation: { escapeValue: false }, initAsync: false });
const tEn = i18n.getFixedT("en");
const tAr = i18n.getFixedT("ar");

const manager = (...permissions: Permission[]): ActorView => ({ id: "m", email: "m@example.com", role: "instructor_course_manager", permissions });
const admin: ActorView = { id: "a", email: "a@example.com", role: "admin", permissions: [] };
const COURSES_INTRO = { full: "coursesAdmin.intro", limited: "coursesAdmin.introLimited" };

describe("copy worded from the reader's flags (issue 17 point 6)", () => {
  it("lists the actions held, in the registry's order", () => {
    expect(grantedActions(manager("courses:edit", "courses:view"), "courses")).toEqual(["view", "edit"]);
    expect(grantedActions(admin, "enrollments")).toEqual(["view", "edit", "export"]);
  });

  it("promises 'Create, edit and publish' only to staff who hold all three", () => {
    expect(tEn(introKey(admin, "courses", ["create", "edit", "publish"], COURSES_INTRO))).toBe("Create, edit and publish the courses of the catalogue.");
    const all = manager("courses:view", "courses:create", "courses:edit", "courses:publish");
    expect(introKey(all, "courses", ["create", "edit", "publish"], COURSES_INTRO)).toBe("coursesAdmin.intro");
    for (const reader of [manager("courses:view"), manager("courses:view", "courses:create", "courses:edit")]) {
      const key = introKey(reader, "courses", ["create", "edit", "publish"], COURSES_INTRO);
      expect(tEn(key)).toBe("The courses of the catalogue.");
      expect(tEn(key)).not.toMatch(/create|edit|publish/i);
      expect(tAr(key)).toBe("دورات الكتالوج.");
    }
  });

  it("says what the role allows, in both languages, and nothing to those who hold every action", () => {
    expect(roleNote(tEn, "en", manager("courses:view"), "courses")).toBe("With your role you can view this list, not change it.");
    expect(roleNote(tAr, "ar", manager("courses:view"), "courses")).toBe("يتيح لك دورك عرض هذه القائمة دون تعديلها.");
    expect(roleNote(tEn, "en", manager("courses:view", "courses:edit", "courses:delete"), "courses")).toBe("With your role you can view, edit, and delete here.");
    expect(roleNote(tAr, "ar", manager("courses:view", "courses:edit", "courses:delete"), "courses")).toBe("يتيح لك دورك هنا: العرض والتعديل والحذف.");
    expect(roleNote(tEn, "en", admin, "courses")).toBeNull();
    expect(roleNote(tEn, "en", manager("messages:view"), "messages")).toBeNull();
    expect(roleNote(tEn, "en", manager("enrollments:view", "enrollments:export"), "enrollments")).toBe("With your role you can view and export here.");
  });
});
