// A student withdraws their own request (issue 38 item 2) on PGlite and PostgreSQL (TEST_DB=pg), through
// the route their page's form posts to: a pending request, a place on the waiting list or an unpaid held
// seat is withdrawn (the seat is free again, what was due goes back to zero, every email still waiting
// about it is withdrawn, the student gets a confirmation in their language, the change is audited as the
// student's); a paid one, one with a proof waiting and a closed one are refused with the reason on the
// page; a wrong token is a 404 that changes nothing; many presses at once, on two instances, withdraw once.
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, emailOutbox, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { enrollmentPagePath, enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { WITHDRAWN_EMAIL_KIND, withdrawEnrollment } from "~/domain/enrollments/withdraw.server.ts";
import { PAYMENT_REMINDER_KIND } from "~/domain/payments/holds.server.ts";
import { LEDGER_REASONS, ledgerOf, recordPayment } from "~/domain/payments/ledger.server.ts";
import { submitProof } from "~/domain/payments/proofs.server.ts";
import { getDecisionRun, reopenEnrollment } from "~/features/enrollments/enrollment-decisions.server.ts";
import { enrollmentCounters } from "~/features/enrollments/enrollments-admin.server.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { loader as pageLoader } from "~/routes/site/enrollment.tsx";
import { loader as adminEnrollmentsLoader } from "~/routes/admin/enrollments.tsx";
import { action as withdrawAction } from "~/routes/site/enrollment-withdraw.ts";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { approvedRequest } from "../setup/requests.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
let runId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (
    await makeCourse({
      title: "Excel",
      slug: "excel",
      isPublished: true,
      price: 1500,
    })
  ).id;
  runId = (
    await makeRun(courseId, {
      price: 1200,
      capacity: 2,
      startsAt: new Date(Date.now() + 30 * 24 * 3600_000),
    })
  ).id;
});

const press = (reference: string, locale: "en" | "ar" = "en", token = enrollmentToken(reference)) =>
  callAction(withdrawAction, {
    url: `/${locale}/enrollment/${reference}/withdraw`,
    form: { t: token },
    params: { lang: locale, reference },
  });

const statusOf = async (id: string) => (await database.db.select({ s: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.s;
const mails = (kind: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
const audits = (id: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "enrollment.withdraw")));

/** The page as the student's browser shows it after the redirect. */
async function pageAfter(location: string) {
  const url = new URL(location, "http://localhost");
  const [, lang, , reference] = url.pathname.split("/");
  return callLoader(pageLoader, {
    url: `${url.pathname}${url.search}`,
    params: {
      lang: lang as "en" | "ar",
      reference: decodeURIComponent(reference!),
    },
  });
}

describe("a student withdraws their request from its page", () => {
  it("a pending request: 303 back to the page saying so, withdrawn, confirmed by email in Arabic, audited as the student's, counted", async () => {
    const row = await makeEnrollment({
      courseId,
      courseName: "Excel",
      runId,
      locale: "ar",
      studentEmail: "mona@example.com",
    });
    const page = await pageAfter(enrollmentPagePath("ar", row.enrollmentId));
    expect(page.data!.withdraw!.form!.button).toBe("اسحب طلبي");
    const res = await press(row.enrollmentId, "ar");
    expect(res.status).toBe(303);
    const location = res.response!.headers.get("Location")!;
    expect(location).toBe(`${enrollmentPagePath("ar", row.enrollmentId)}&withdraw=done#withdraw`);
    expect(await statusOf(row.id)).toBe("withdrawn");
    const after = await pageAfter(location);
    expect(after.data!.enrollment.status).toBe("withdrawn");
    expect(after.data!.withdraw).toEqual({
      form: null,
      paidNote: null,
      notice: {
        tone: "ok",
        text: "تم سحب طلبك، وأرسلنا إليك رسالة بريد إلكتروني تؤكد ذلك.",
      },
    });
    expect(after.data!.next).toContain("سحبتَ هذا الطلب");
    expect(after.data!.enrollment.decidedAt).not.toBeNull();
    const [mail] = await mails(WITHDRAWN_EMAIL_KIND);
    expect(mail!.toAddress).toBe("mona@example.com");
    expect(mail!.subject).toBe("سحبتَ طلبك: Excel");
    expect(mail!.textBody).toContain(`/ar/enrollment/${row.enrollmentId}?t=`);
    const [entry] = await audits(row.id);
    expect(entry!.actorId).toBeNull();
    expect(entry!.data).toMatchObject({
      from: "pending",
      to: "withdrawn",
      by: "student",
      enrollmentId: row.enrollmentId,
    });
    expect((await enrollmentCounters(admin)).withdrawn).toBe(1);
    expect((await enrollmentCounters(admin, { run: runId })).withdrawn).toBe(1);
    // Staff see it in the request's details: what the student changed, and when.
    const details = (
      await callLoader(adminEnrollmentsLoader, {
        url: `/admin/enrollments?dialog=details&enrollment=${row.id}`,
        actor: admin,
      })
    ).data!.details!;
    expect(details.status).toBe("withdrawn");
    expect(details.studentChanges).toEqual([{ action: "enrollment.withdraw", at: entry!.createdAt }]);
  });

  it("an unpaid held seat: the seat is free again, nothing is due, the payment reminder and the approval email still waiting are withdrawn", async () => {
    const held = await approvedRequest(admin, { courseId, runId });
    expect((await getDecisionRun(admin, runId))!.approved).toBe(1);
    expect((await mails(PAYMENT_REMINDER_KIND))[0]!.status).toBe("pending");
    expect((await press(held.reference)).status).toBe(303);
    expect(await statusOf(held.id)).toBe("withdrawn");
    expect((await getDecisionRun(admin, runId))!.approved).toBe(0);
    const ledger = await ledgerOf(database.db, held.id);
    expect(ledger.due).toBe(0);
    expect(ledger.entries.at(-1)).toMatchObject({
      kind: "adjustment",
      amountPiastres: -120000,
      reason: LEDGER_REASONS.withdrawn,
    });
    expect((await mails(PAYMENT_REMINDER_KIND)).map((m) => m.status)).toEqual(["cancelled"]);
    // The approval email was still inside its undo window: it never leaves either.
    expect((await mails("enrollment-approved")).map((m) => m.status)).toEqual(["cancelled"]);
    // Staff can still bring it back.
    await reopenEnrollment(admin, held.id, "withdrawn");
    expect(await statusOf(held.id)).toBe("pending");
  });

  it("refused once money was received or a proof waits: the page says to contact us, and nothing changes", async () => {
    const paid = await approvedRequest(admin, { courseId, runId });
    await recordPayment(admin, paid.id, {
      amountPiastres: 50000,
      method: "cash",
      reference: "BOOK-1",
    });
    const proved = await approvedRequest(admin, { courseId, runId });
    // The proof's record only (its file plays no part in the rule).
    await submitProof(proved.reference, {
      fileKey: `proofs/2026/${"a".repeat(32)}.webp`,
      contentType: "image/webp",
      sizeBytes: 1000,
      originalName: "p.webp",
      amountPiastres: 120000,
      method: "instapay",
      reference: "IP-778",
    });
    for (const r of [paid, proved]) {
      const before = await ledgerOf(database.db, r.id);
      const page = await pageAfter(enrollmentPagePath("en", r.reference));
      expect(page.data!.withdraw).toMatchObject({
        form: null,
        paidNote: expect.stringContaining("contact us"),
      });
      const res = await press(r.reference);
      expect(res.response!.headers.get("Location")).toContain("&withdraw=paid#withdraw");
      expect(await statusOf(r.id)).toBe("approved");
      expect((await ledgerOf(database.db, r.id)).entries).toHaveLength(before.entries.length);
      const after = await pageAfter(res.response!.headers.get("Location")!);
      expect(after.data!.withdraw!.notice).toMatchObject({
        tone: "error",
        text: expect.stringContaining("cannot be withdrawn here"),
      });
    }
    expect(await mails(WITHDRAWN_EMAIL_KIND)).toHaveLength(0);
  });

  it("a closed request (rejected, withdrawn) offers nothing and is refused as not open", async () => {
    const row = await makeEnrollment({
      courseId,
      courseName: "Excel",
      status: "rejected",
    });
    expect((await pageAfter(enrollmentPagePath("en", row.enrollmentId))).data!.withdraw).toBeNull();
    expect((await press(row.enrollmentId)).response!.headers.get("Location")).toContain("&withdraw=not-open#withdraw");
    expect(await statusOf(row.id)).toBe("rejected");
  });

  it("a wrong or missing token is the same 404 as an unknown reference, and changes nothing", async () => {
    const row = await makeEnrollment({ courseId, courseName: "Excel", runId });
    for (const token of ["A".repeat(22), "", enrollmentToken("ENR-OTHER-1234")]) {
      const res = await press(row.enrollmentId, "en", token);
      expect(res.status).toBe(404);
    }
    expect((await press("ENR-NOPE-0000")).status).toBe(404);
    expect(await statusOf(row.id)).toBe("pending");
    expect(await audits(row.id)).toHaveLength(0);
  });

  it("twenty presses at once, over two instances, withdraw once: one email, one audit entry, one adjustment", async () => {
    const held = await approvedRequest(admin, { courseId, runId });
    const second: Database | undefined = database.url ? await openDatabase({ url: database.url, poolMax: 4 }) : undefined;
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => withdrawEnrollment(held.reference, ...(second && i % 2 ? [second.db] : []))),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect((r.reason as { code: string }).code).toBe("conflict");
    } finally {
      await second?.close();
    }
    expect(await mails(WITHDRAWN_EMAIL_KIND)).toHaveLength(1);
    expect(await audits(held.id)).toHaveLength(1);
    const adjustments = await database.db
      .select()
      .from(enrollmentLedger)
      .where(and(eq(enrollmentLedger.enrollmentId, held.id), eq(enrollmentLedger.reason, LEDGER_REASONS.withdrawn)));
    expect(adjustments).toHaveLength(1);
  });
});
