// The student's own enrollment page (issue 37 item 3) on PGlite and PostgreSQL (TEST_DB=pg): the link in
// the confirmation and decision emails opens it; it says where the request stands, the group in Cairo
// time and the money, in the student's language; a wrong token, an unknown reference and a malformed one
// are the same 404 (no telling which references exist); it is never cached, indexed or sent on as a
// referrer.
import { beforeEach, describe, expect, it } from "vitest";
import { seedDefaults } from "@db/seed/demo.ts";
import { eq } from "drizzle-orm";
import { emailOutbox, enrollments } from "@db/schema/index.ts";
import { enrollmentPagePath, enrollmentToken, verifyEnrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { recordPayment } from "~/domain/payments/ledger.server.ts";
import { setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import type { EnrollmentInput } from "~/features/enrollments/enrollment.schema.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { headers as pageHeaders, loader as pageLoader } from "~/routes/site/enrollment.tsx";
import { createAdmin } from "../setup/actors.ts";
import { saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeRun } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800 })).id;
});

async function request(locale: "en" | "ar", runId?: string) {
  const input: EnrollmentInput = {
    courseId,
    studentName: "Mona Adel",
    studentEmail: `mona.${locale}@example.com`,
    countryCode: "+20",
    phoneNumber: "010 1234 5678",
    message: "",
    website: "",
    ...(runId ? { runId } : {}),
  };
  const { enrollmentId } = await createEnrollment(input, { locale });
  return enrollmentId;
}

const open = (path: string) => {
  const url = new URL(path, "http://localhost");
  const lang = url.pathname.split("/")[1] as "en" | "ar";
  const reference = decodeURIComponent(url.pathname.split("/").at(-1)!);
  return callLoader(pageLoader, { url: `${url.pathname}${url.search}`, params: { lang, reference } });
};

/** The page link of the last email to `to` of this kind. */
async function linkIn(kind: string, to: string): Promise<string> {
  const rows = await database.db.select().from(emailOutbox);
  const email = rows.filter((r) => r.kind === kind && r.toAddress === to).at(-1);
  expect(email).toBeDefined();
  const m = /https?:\/\/[^\s"<>]+\/(?:en|ar)\/enrollment\/[^\s"<>]+/.exec(email!.textBody);
  expect(m, JSON.stringify(email!.textBody)).not.toBeNull();
  return m![0].replace(/&amp;/g, "&");
}

describe("the student's enrollment page", () => {
  it("opens from the confirmation email's link and says the request is under review, in the student's language", async () => {
    const reference = await request("ar");
    const link = await linkIn("enrollment-confirmation", "mona.ar@example.com");
    expect(link).toContain(`/ar/enrollment/${reference}?t=`);
    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.data?.enrollment).toMatchObject({ reference, status: "pending", courseName: "Data Analysis", money: null, decidedAt: null });
    expect(page.data?.title).toContain(reference);
    // Personal data: never stored by a cache, never indexed, its address (with the token) never sent on.
    expect(new Headers(pageHeaders({ loaderHeaders: new Headers() } as never) as HeadersInit)).toSatisfy((h: Headers) =>
      h.get("Cache-Control") === "private, no-store" && h.get("X-Robots-Tag") === "noindex",
    );
  });

  it("follows the approval (the approval email links it too) and a payment, with the group's start", async () => {
    const run = await makeRun(courseId, { startsAt: new Date(Date.UTC(2031, 0, 10, 17)), price: 2500, schedule: "Saturdays", scheduleAr: "أيام السبت" });
    const reference = await request("en", run.id);
    const [row] = await database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.enrollmentId, reference));
    const id = row!.id;
    await setEnrollmentStatus(admin, [id], "approved");
    const link = await linkIn("enrollment-approved", "mona.en@example.com");
    let page = await open(link);
    expect(page.data?.enrollment).toMatchObject({ status: "approved", money: { due: 250000, paid: 0, balance: 250000 }, run: { startsAt: "2031-01-10T17:00:00.000Z", schedule: "Saturdays" } });
    expect(page.data?.enrollment.decidedAt).not.toBeNull();
    await recordPayment(admin, id, { amountPiastres: 250000, method: "instapay", reference: "IPN-1" });
    page = await open(link);
    expect(page.data?.enrollment.money).toMatchObject({ balance: 0, payments: [{ amountPiastres: 250000, method: "instapay", kind: "payment" }] });
    // Staff's own references and notes stay with staff.
    expect(JSON.stringify(page.data)).not.toContain("IPN-1");
  });

  it("shows how to pay, from Settings → Payments, while the seat owes money; the approval email lists the same methods", async () => {
    await saveSiteSettings(admin, {
      brandNameEn: "Nile Academy",
      holdHours: 24,
      instapayEnabled: true,
      instapayAddress: "nile@instapay",
      walletEnabled: true,
      walletNumber: "010 1234 5678",
      walletNamesEn: "Vodafone Cash",
      walletNamesAr: "فودافون كاش",
      bankEnabled: false,
      bankNameEn: "Hidden Bank",
      bankAccount: "123",
    });
    const reference = await request("ar");
    const [row] = await database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.enrollmentId, reference));
    await setEnrollmentStatus(admin, [row!.id], "approved");
    const link = await linkIn("enrollment-approved", "mona.ar@example.com");
    const page = await open(link);
    expect(page.data?.enrollment.methods).toEqual([
      { method: "instapay", lines: [{ key: "instapayAddress", value: "nile@instapay", ltr: true }] },
      {
        method: "wallet",
        lines: [
          { key: "walletNumber", value: "+20 10 1234 5678", ltr: true },
          { key: "walletNames", value: "فودافون كاش", ltr: false },
        ],
      },
    ]);
    const hold = page.data!.enrollment.holdExpiresAt!;
    expect(Math.round((Date.parse(hold) - Date.now()) / 3_600_000)).toBe(24);
    const [approval] = (await database.db.select().from(emailOutbox)).filter((e) => e.kind === "enrollment-approved");
    expect(approval!.textBody).toContain("إنستاباي");
    expect(approval!.textBody).toContain("nile@instapay");
    expect(approval!.textBody).toContain("فودافون كاش");
    expect(approval!.textBody).not.toContain("Hidden Bank");
    // Paid in full: nothing more to pay, no methods.
    await recordPayment(admin, row!.id, { amountPiastres: 280000, method: "wallet", reference: "VF-1" });
    expect((await open(link)).data?.enrollment.methods).toEqual([]);
  });

  it("answers the same 404 for a wrong token, another enrollment's token, an unknown reference and malformed input", async () => {
    const a = await request("en");
    const b = await request("ar");
    const good = enrollmentPagePath("en", a);
    expect((await open(good)).status).toBe(200);
    const statuses = await Promise.all(
      [
        `/en/enrollment/${a}?t=${enrollmentToken(b)}`,
        `/en/enrollment/${a}?t=${"A".repeat(22)}`,
        `/en/enrollment/${a}`,
        `/en/enrollment/${a}?t=`,
        `/en/enrollment/ENR-NOPE-NOPE00?t=${enrollmentToken("ENR-NOPE-NOPE00")}`,
        `/en/enrollment/${a.toLowerCase()}?t=${enrollmentToken(a)}`,
        `/en/enrollment/${a}?t=${enrollmentToken(a)}x`,
        `/en/enrollment/%3Cscript%3E?t=${"x".repeat(5000)}`,
      ].map(async (path) => (await open(path)).status),
    );
    expect(statuses).toEqual(Array(8).fill(404));
    // A token is bound to its reference and to the server's secret.
    expect(verifyEnrollmentToken(a, enrollmentToken(a, "another-secret-of-at-least-32-characters!!"))).toBe(false);
  });
});
