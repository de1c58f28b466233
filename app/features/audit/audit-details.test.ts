// The audit log's details read as sentences a person understands (issue 17 point 4), in English and Arabic,
// from the real locale files: statuses, roles, permissions and field labels translated, identifiers marked
// left to right, and keys nobody labelled shown as words with their values — never as JSON.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/index.ts";
import { auditDetailLines, humanizeKey, type AuditEntryView, type AuditValue } from "./audit-details.ts";

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: "en", defaultNS: "common", interpolation: { escapeValue: false }, initAsync: false });
const T = { en: i18n.getFixedT("en"), ar: i18n.getFixedT("ar") };

/** A value as the reader sees it, with the direction marks of identifiers written as ⟨…⟩. */
function read(value: AuditValue): string {
  switch (value.kind) {
    case "text":
      return value.text;
    case "ltr":
      return `⟨${value.text}⟩`;
    case "list":
      return value.items.map(read).join(", ");
    case "change":
      return `${read(value.from)} → ${read(value.to)}`;
  }
}

function lines(entry: AuditEntryView, lng: "en" | "ar" = "en"): string[] {
  return auditDetailLines(T[lng], entry, lng).map((l) => `${l.label}: ${read(l.value)}`);
}

describe("audit details", () => {
  it("reads a decision on an enrollment: the status change, the enrollment ID left to right, a bulk action", () => {
    const entry = {
      action: "approve",
      entity: "enrollment",
      details: { enrollmentId: "ENR-M5K2J9-AB12", from: "pending", to: "approved", bulk: true },
    };
    expect(lines(entry)).toEqual(["Status: Pending → Approved", "Enrollment ID: ⟨ENR-M5K2J9-AB12⟩", "Bulk action: Yes"]);
    expect(lines(entry, "ar")).toEqual(["الحالة: قيد المراجعة → مقبول", "رقم طلب التسجيل: ⟨ENR-M5K2J9-AB12⟩", "إجراء جماعي: نعم"]);
  });

  it("reads a role change with the roles' names", () => {
    const entry = { action: "role.change", entity: "user", details: { email: "sara@example.com", from: "instructor_course_manager", to: "admin" } };
    expect(lines(entry)).toEqual(["Role: Instructor & Course Manager → Admin", "Email: ⟨sara@example.com⟩"]);
    expect(lines(entry, "ar")).toEqual(["الدور: مدرب ومدير دورات → مدير النظام", "البريد الإلكتروني: ⟨sara@example.com⟩"]);
  });

  it("shows only the fields an edit changed, from the old value to the new", () => {
    const entry = {
      action: "update",
      entity: "category",
      details: {
        before: { name: "Languages", nameAr: null, slug: "languages" },
        after: { name: "Language Courses", nameAr: "اللغات", slug: "languages" },
      },
    };
    expect(lines(entry)).toEqual(["Name: Languages → Language Courses", "Arabic name: (empty) → اللغات"]);
    expect(lines(entry, "ar")).toEqual(["الاسم: Languages → Language Courses", "الاسم بالعربية: (فارغ) → اللغات"]);
  });

  it("names the site settings by the settings page's own labels", () => {
    const entry = {
      action: "update",
      entity: "site_settings",
      details: { changed: ["notifyEmail", "yearsOfExperience"], before: { notifyEmail: "", yearsOfExperience: 10 }, after: { notifyEmail: "inbox@academy.test", yearsOfExperience: 12 } },
    };
    expect(lines(entry)).toEqual(["Notification email: (empty) → ⟨inbox@academy.test⟩", "Years of experience: 10 → 12"]);
    expect(lines(entry, "ar")).toEqual(["البريد الإلكتروني للإشعارات: (فارغ) → ⟨inbox@academy.test⟩", "سنوات الخبرة: 10 → 12"]);
  });

  it("names the manager role's permissions as the roles page does", () => {
    const entry = {
      action: "update",
      entity: "role_permissions",
      details: { before: ["courses:view"], after: ["courses:view", "enrollments:view", "enrollments:edit"], added: ["enrollments:view", "enrollments:edit"], removed: [] },
    };
    expect(lines(entry)).toEqual(["Added: Enrollments: View, Enrollments: Edit"]);
    expect(lines(entry, "ar")[0]).toMatch(/^أُضيف: /);
  });

  it("reads a course save: changed fields by their labels, documents as counts", () => {
    const entry = {
      action: "update",
      entity: "course",
      details: { title: "Excel للمبتدئين", slug: "excel-basics", changed: ["price", "isPublished"], documents: { added: 2, removed: 0, legacyMigrated: false } },
    };
    expect(lines(entry)).toEqual(["Title: Excel للمبتدئين", "Slug: ⟨excel-basics⟩", "Changed fields: Price, Published", "Documents added: 2"]);
    expect(lines({ action: "create", entity: "course", details: { title: "Excel", documents: 0 } })).toEqual(["Title: Excel"]);
  });

  it("reads an email retry: the kind and statuses as the email log names them", () => {
    const entry = {
      action: "status.change",
      entity: "email",
      details: { from: "failed", to: "pending", retry: true, kind: "enrollment-approved", recipient: "student@example.com", attempts: 8 },
    };
    expect(lines(entry)).toEqual([
      "Status: Failed → Pending",
      "Retry: Yes",
      "Kind: Enrollment approved",
      "Recipient: ⟨student@example.com⟩",
      "Attempts: 8",
    ]);
  });

  it("reads dates in the staff member's format and lists of ids as how many", () => {
    const entry = {
      action: "create",
      entity: "instructor_account",
      details: { name: "Mona", email: "mona@example.com", hours: 2, minutes: 0, expiresAt: "2025-03-01T10:00:00.000Z", sessionsEnded: 0, removedForEmail: ["0b1c", "9f8e"] },
    };
    const en = lines(entry);
    expect(en).toContain("Other accounts removed for this email: 2");
    expect(en.find((l) => l.startsWith("Expires: "))).toMatch(/^Expires: Mar 1, 2025/);
    expect(lines(entry, "ar").find((l) => l.startsWith("تنتهي الصلاحية: "))).toMatch(/2025/);
  });

  it("shows keys nobody labelled as words with their values, nested ones by their path, never JSON", () => {
    const entry = { action: "mystery", entity: "gadget", details: { someNewKey: "kept", nested: { innerCount: 3, flag: false }, emptyOne: "" } };
    const en = lines(entry);
    expect(en).toEqual(["Some new key: kept", "Nested › Inner count: 3", "Nested › Flag: No"]);
    for (const line of [...en, ...lines(entry, "ar")]) expect(line).not.toMatch(/[{}"]/);
    expect(humanizeKey("two_factor.reset")).toBe("Two factor reset");
  });

  // Issue 20's runs, as course-runs-admin.server.ts and enrollment-decisions.server.ts write them.
  const runCreate = {
    action: "create",
    entity: "course_run",
    details: {
      courseId: "0b1c2d3e-0000-4000-8000-000000000001",
      course: "IELTS Academic Preparation",
      startsAt: "2026-12-23T16:00:00.000Z",
      endsAt: "2027-02-10T18:00:00.000Z",
      schedule: "Sun and Wed, 6–8 pm",
      scheduleAr: "الأحد والأربعاء، 6–8 مساءً",
      mode: "live_online",
      location: null,
      locationAr: null,
      capacity: 20,
      price: 3200,
      status: "open",
      instructorId: "0b1c2d3e-0000-4000-8000-000000000002",
      sessionMinutes: 120,
      repeatFrequency: "weekly",
      repeatCount: 14,
    },
  };
  const seatDecision = {
    action: "approve",
    entity: "enrollment",
    details: {
      enrollmentId: "ENR-M5K2J9-AB12",
      from: "waiting",
      to: "approved",
      runId: "0b1c2d3e-0000-4000-8000-000000000003",
      capacity: 20,
      seatsBefore: 20,
      seatsAfter: 21,
      overCapacity: true,
    },
    refNames: { "0b1c2d3e-0000-4000-8000-000000000003": "IELTS (2027-01-12 19:00)" },
  };
  const runMessage = {
    action: "message",
    entity: "course_run",
    details: { courseId: "0b1c2d3e-0000-4000-8000-000000000001", course: "IELTS", count: 5, byLocale: { en: 3, ar: 2 }, subject: "Room change", subjectAr: "تغيير القاعة" },
  };

  it("reads a run as staff entered it: every field by its label, the mode, status and repeat by their names", () => {
    const en = lines(runCreate);
    expect(en).toContain("Course: IELTS Academic Preparation");
    expect(en).toContain("Mode: Live online");
    expect(en).toContain("Status: Open");
    expect(en).toContain("Sessions repeat: Weekly");
    expect(en).toContain("Schedule (Arabic): الأحد والأربعاء، 6–8 مساءً");
    expect(en.find((l) => l.startsWith("Start: "))).toMatch(/Dec 23, 2026/);
    const ar = lines(runCreate, "ar");
    expect(ar).toContain("طريقة الدراسة: أونلاين مباشر");
    expect(ar).toContain("الحالة: مفتوحة");
    expect(ar).toContain("تكرار الجلسات: أسبوعيًا");
    expect(ar).toContain("المقاعد: 20");
  });

  it("reads a seat given beyond capacity and a message to a run's students", () => {
    expect(lines(seatDecision)).toEqual([
      "Status: Waiting list → Approved",
      "Enrollment ID: ⟨ENR-M5K2J9-AB12⟩",
      // The run by its name, never a UUID (issue 36 item 14).
      "Run: IELTS (2027-01-12 19:00)",
      "Seats: 20",
      "Seats taken before: 20",
      "Seats taken after: 21",
      "Beyond capacity: Yes",
    ]);
    expect(lines(runMessage)).toContain("By language › English: 3");
    // The course once, by the title recorded beside its id.
    expect(lines(runMessage).filter((l) => l.startsWith("Course"))).toEqual(["Course: IELTS"]);
    // An id whose row is gone says so instead of showing the UUID.
    expect(lines({ ...seatDecision, refNames: undefined })).toContain("Run: Deleted since");
    expect(lines({ ...seatDecision, refNames: undefined }, "ar").join("\n")).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(lines(runMessage, "ar")).toContain("حسب اللغة › العربية: 2");
    expect(lines(runMessage, "ar")).toContain("عدد المستلمين: 5");
  });

  it("labels every line of these entries in Arabic, none left in English words", () => {
    for (const entry of [runCreate, seatDecision, runMessage]) {
      for (const line of auditDetailLines(T.ar, entry, "ar")) expect(line.label, line.key).not.toMatch(/[A-Za-z]/);
    }
  });

  it("has no lines for an entry without details", () => {
    expect(lines({ action: "sign_in", entity: "user", details: null })).toEqual([]);
  });
});
