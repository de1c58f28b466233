// The admin shell's signals (issue 17 point 4) through the admin layout's loader, against a real database:
// the navigation's counts of pending enrollments and unread messages, each only for staff who may open the
// list it points to, and the no-SMTP banner for admins only. This file runs without SMTP_URL, as a laptop
// install does; the e2e test (tests/e2e/admin-signals.e2e.test.ts) runs a server with one too.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contactMessages, enrollments } from "@db/schema/index.ts";
import { env } from "~/lib/env.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { loader as layoutLoader } from "~/routes/admin/layout.tsx";
import { ANONYMOUS, createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeEnrollment, makeMessage } from "../setup/factories.ts";
import { i18n } from "../setup/i18n.ts";
import { callLoader } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin();
});

async function signalsOf(actor: Actor | null) {
  const res = await callLoader(layoutLoader, { url: "/admin", actor });
  return { status: res.status, signals: res.data?.signals };
}

/** 3 pending, 2 approved, 1 rejected requests; 4 messages of which 1 is read. */
async function seed() {
  for (let i = 0; i < 3; i++) await makeEnrollment();
  for (let i = 0; i < 2; i++) await makeEnrollment({ status: "approved" });
  await makeEnrollment({ status: "rejected" });
  for (let i = 0; i < 3; i++) await makeMessage();
  await makeMessage({ readAt: new Date() });
}

describe("admin layout signals", () => {
  it("runs without SMTP_URL (the premise of the banner checks below)", () => {
    expect(env().SMTP_URL).toBeUndefined();
  });

  it("gives an admin the pending and unread counts and the no-SMTP banner", async () => {
    await seed();
    expect(await signalsOf(admin)).toEqual({
      status: 200,
      signals: { pendingEnrollments: 3, unreadMessages: 3, smtpMissing: true },
    });
  });

  it("follows decisions and reading: the counts move with the lists they point to", async () => {
    await seed();
    const [first] = await database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.status, "pending")).limit(1);
    await database.db.update(enrollments).set({ status: "approved" }).where(eq(enrollments.id, first!.id));
    await database.db.update(contactMessages).set({ readAt: new Date() });
    expect((await signalsOf(admin)).signals).toEqual({ pendingEnrollments: 2, unreadMessages: 0, smtpMissing: true });
  });

  it("gives a manager only the counts of the lists they may open, and never the banner", async () => {
    await seed();
    const enrollmentsOnly = await createManager(admin, "enrol@example.com", ["enrollments:view"]);
    expect((await signalsOf(enrollmentsOnly)).signals).toEqual({ pendingEnrollments: 3, unreadMessages: null, smtpMissing: false });

    const messagesOnly = await createManager(admin, "inbox@example.com", ["messages:view"]);
    expect((await signalsOf(messagesOnly)).signals).toEqual({ pendingEnrollments: null, unreadMessages: 3, smtpMissing: false });

    const coursesOnly = await createManager(admin, "courses@example.com", ["courses:view"]);
    expect((await signalsOf(coursesOnly)).signals).toEqual({ pendingEnrollments: null, unreadMessages: null, smtpMissing: false });
  });

  it("computes nothing while the staff member must first change the password", async () => {
    await seed();
    expect((await signalsOf({ ...admin, mustChangePassword: true })).signals).toEqual({
      pendingEnrollments: null,
      unreadMessages: null,
      smtpMissing: false,
    });
  });

  it("sends anonymous visitors to the sign-in page, with no counts", async () => {
    await seed();
    const res = await callLoader(layoutLoader, { url: "/admin", actor: ANONYMOUS });
    expect(res.status).toBe(302);
    expect(res.response?.headers.get("Location")).toMatch(/login/);
    expect(res.data).toBeUndefined();
  });

  it("reads the badge counts out in words in both languages", () => {
    const en = i18n.getFixedT("en");
    const ar = i18n.getFixedT("ar");
    expect(en("admin.badges.enrollments", { count: 3 })).toBe("3 pending");
    expect(en("admin.badges.messages", { count: 1 })).toBe("1 unread");
    expect(ar("admin.badges.enrollments", { count: 3 })).toBe("3 طلبات قيد المراجعة");
    expect(ar("admin.badges.messages", { count: 2 })).toBe("رسالتان غير مقروءتين");
    expect(ar("admin.badges.messages", { count: 11 })).toBe("11 رسالة غير مقروءة");
  });
});
