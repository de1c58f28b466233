// Money on an enrollment (issue 37 item 1) against a real database (PGlite, or PostgreSQL with TEST_DB=pg):
// approving a priced request charges the run's price, else the course's, in integer piastres (2,499.99 EGP
// is 249999, never 249998.99…); a free course or run is charged nothing; undo and reopen bring what is due
// back to zero with an entry, and approving again charges again; staff change what is due with a reason,
// record partial payments and refunds (never more than received), each audited; the balance follows the
// entries; the same payment reference twice, also eight at once, is one entry; the database itself refuses
// to change or remove an entry; a staff member without the payments permissions is refused (403) and
// nothing is written.
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, enrollmentLedger } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { getEnrollmentLedger, LEDGER_REASONS, recordPayment, recordRefund, setAmountDue, summarize } from "~/domain/payments/ledger.server.ts";
import { reopenEnrollment, setEnrollmentStatus, undoDecision } from "~/features/enrollments/enrollment-decisions.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { createAdmin, createManager } from "../setup/actors.ts";
import { expectCode } from "../setup/expect.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";
import { action as enrollmentsAction, loader as enrollmentsLoader } from "~/routes/admin/enrollments.tsx";
import { callAction } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
});

/** An approved request for a course priced `coursePrice` (EGP), on a run priced `runPrice` when given. */
async function approved(coursePrice: number | null, runPrice?: number | null) {
  const course = await makeCourse({ title: "Excel", slug: `excel-${Math.random().toString(36).slice(2, 8)}`, isPublished: true, price: coursePrice });
  const run = runPrice === undefined ? null : await makeRun(course.id, { price: runPrice });
  const request = await makeEnrollment({ courseId: course.id, courseName: "Excel", runId: run?.id ?? null });
  await setEnrollmentStatus(admin, [request.id], "approved");
  return request.id;
}

const ledger = (id: string) => getEnrollmentLedger(admin, id);

describe("the amount due, charged at approval", () => {
  it("is the run's price when it has one, else the course's, in piastres without float error", async () => {
    expect((await ledger(await approved(2800, 2499.99))).due).toBe(249999);
    expect((await ledger(await approved(2800, null))).due).toBe(280000);
    expect((await ledger(await approved(1234.56))).due).toBe(123456);
    const charge = await database.db.select().from(enrollmentLedger).where(eq(enrollmentLedger.kind, "charge")).limit(1);
    expect(charge[0]?.actorId).toBe(admin.id);
  });

  it("is nothing for a free course or a free run (no entry, nothing to pay)", async () => {
    for (const id of [await approved(0), await approved(null), await approved(2800, 0)]) {
      const money = await ledger(id);
      expect(money.entries).toEqual([]);
      expect(money.balance).toBe(0);
    }
  });

  it("goes back to zero with an entry on undo and on reopen, and is charged again on a new approval", async () => {
    const id = await approved(1500);
    await undoDecision(admin, [id], "approved");
    let money = await ledger(id);
    expect(money.entries.map((e) => [e.kind, e.amountPiastres, e.reason])).toEqual([
      ["charge", 150000, null],
      ["adjustment", -150000, LEDGER_REASONS.approvalUndone],
    ]);
    expect(money.due).toBe(0);

    await setEnrollmentStatus(admin, [id], "approved");
    expect((await ledger(id)).due).toBe(150000);
    await reopenEnrollment(admin, id, "approved");
    money = await ledger(id);
    expect(money.due).toBe(0);
    expect(money.entries.at(-1)?.reason).toBe(LEDGER_REASONS.backToPending);
    expect(money.entries).toHaveLength(4);
  });

  it("is not charged for a rejected request", async () => {
    const course = await makeCourse({ title: "Paid", slug: "paid", isPublished: true, price: 900 });
    const request = await makeEnrollment({ courseId: course.id, courseName: "Paid" });
    await setEnrollmentStatus(admin, [request.id], "rejected");
    expect((await ledger(request.id)).entries).toEqual([]);
  });
});

describe("staff change what is due, take payments and give refunds", () => {
  it("follows a discount, two instalments and a refund to the balance, each audited", async () => {
    const id = await approved(3000);
    let money = await setAmountDue(admin, id, 250000, "Early-bird discount");
    expect([money.due, money.balance]).toEqual([250000, 250000]);
    // The same amount again writes nothing.
    expect((await setAmountDue(admin, id, 250000, "Again")).entries).toHaveLength(2);

    money = await recordPayment(admin, id, { amountPiastres: 100000, method: "instapay", reference: "IP-7781" });
    expect([money.paid, money.balance]).toEqual([100000, 150000]);
    money = await recordPayment(admin, id, { amountPiastres: 150050, method: "cash", reference: "Receipt book 12" });
    expect(money.balance).toBe(-50);
    money = await recordRefund(admin, id, { amountPiastres: 50, method: "cash", reason: "Change given back" });
    expect([money.due, money.paid, money.refunded, money.balance]).toEqual([250000, 250050, 50, 0]);
    expect(summarize(money.entries)).toEqual(money);

    const actions = await database.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), sql`${auditLog.action} like 'payment.%'`));
    expect(actions.map((a) => a.action).sort()).toEqual(["payment.due", "payment.record", "payment.record", "payment.refund"]);
    expect(actions.find((a) => a.action === "payment.due")?.data).toMatchObject({ dueBefore: 300000, dueAfter: 250000, reason: "Early-bird discount" });
  });

  it("refuses a refund beyond what was received, a bad amount, a missing reason or reference, and a request not approved", async () => {
    const id = await approved(1000);
    await recordPayment(admin, id, { amountPiastres: 40000, method: "wallet", reference: "VC-1" });
    await expectCode(recordRefund(admin, id, { amountPiastres: 40001, method: "wallet", reason: "Too much" }), "conflict", "adminEnrollments.payments.errors.refundTooLarge");
    for (const amount of [0, -5, 1.5, Number.NaN, 10_000_000_001]) {
      await expectCode(recordPayment(admin, id, { amountPiastres: amount, method: "cash", reference: `R-${amount}` }), "bad_request", "adminEnrollments.payments.errors.amountInvalid");
    }
    await expectCode(setAmountDue(admin, id, 5000, "   "), "bad_request", "adminEnrollments.payments.errors.reasonRequired");
    await expectCode(recordPayment(admin, id, { amountPiastres: 100, method: "cash", reference: " " }), "bad_request", "adminEnrollments.payments.errors.referenceRequired");
    const pending = await makeEnrollment({ courseName: "Excel" });
    await expectCode(recordPayment(admin, pending.id, { amountPiastres: 100, method: "cash", reference: "P-1" }), "conflict", "adminEnrollments.payments.errors.notApproved");
    // Only the one payment is in the ledger.
    expect((await ledger(id)).entries.map((e) => e.kind)).toEqual(["charge", "payment"]);
  });

  it("records the same payment reference once, also when eight arrive at once", async () => {
    const id = await approved(2000);
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () => recordPayment(admin, id, { amountPiastres: 200000, method: "bank", reference: "CIB-TRX-0042" })),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const money = await ledger(id);
    expect(money.entries.filter((e) => e.kind === "payment")).toHaveLength(1);
    expect(money.balance).toBe(0);
    // The same reference in another case is the same payment.
    await expectCode(recordPayment(admin, id, { amountPiastres: 200000, method: "bank", reference: "cib-trx-0042" }), "conflict", "adminEnrollments.payments.errors.duplicateReference");
  });

  it("refuses staff without the payments permissions (403) and writes nothing", async () => {
    const id = await approved(1000);
    const viewer = await createManager(admin, "viewer@academy.test", ["enrollments:view", "enrollments:edit", "payments:view"]);
    await expectCode(recordPayment(viewer, id, { amountPiastres: 100, method: "cash", reference: "X" }), "forbidden");
    await expectCode(setAmountDue(viewer, id, 0, "Scholarship"), "forbidden");
    await expectCode(recordRefund(viewer, id, { amountPiastres: 1, method: "cash", reason: "r" }), "forbidden");
    const none = await createManager(admin, "none@academy.test", ["enrollments:view"]);
    await expectCode(getEnrollmentLedger(none, id), "forbidden");
    expect((await getEnrollmentLedger(viewer, id)).entries.map((e) => e.kind)).toEqual(["charge"]);
  });
});

describe("the ledger is append-only in the database", () => {
  it("refuses to change or delete an entry, whoever asks", async () => {
    const id = await approved(1000);
    // The database's refusal (drizzle wraps it: the cause carries the trigger's message).
    const refusal = (query: Promise<unknown>) => query.then(() => "written", (e: { cause?: { message?: string } }) => e.cause?.message ?? String(e));
    expect(await refusal(database.db.update(enrollmentLedger).set({ amountPiastres: 1 }).where(eq(enrollmentLedger.enrollmentId, id)))).toMatch(/append-only/);
    expect(await refusal(database.db.delete(enrollmentLedger).where(eq(enrollmentLedger.enrollmentId, id)))).toMatch(/append-only/);
    expect((await ledger(id)).due).toBe(100000);
  });

  it("refuses entries that break the rules: a negative payment, a refund without a reason, a payment without a method", async () => {
    const id = await approved(1000);
    const bad = [
      { enrollmentId: id, kind: "payment" as const, amountPiastres: -100, method: "cash" as const },
      { enrollmentId: id, kind: "refund" as const, amountPiastres: 100, method: "cash" as const },
      { enrollmentId: id, kind: "payment" as const, amountPiastres: 100 },
      { enrollmentId: id, kind: "adjustment" as const, amountPiastres: 100 },
    ];
    for (const row of bad) await expect(database.db.insert(enrollmentLedger).values(row)).rejects.toThrow();
    expect((await ledger(id)).entries).toHaveLength(1);
  });
});

describe("the enrollment's details on /admin/enrollments", () => {
  it("carry its money for staff who may see payments, and nothing for those who may not", async () => {
    const id = await approved(2500);
    await recordPayment(admin, id, { amountPiastres: 100000, method: "instapay", reference: "IP-1" });
    const url = `/admin/enrollments?dialog=details&enrollment=${id}`;
    const page = (await callLoader(enrollmentsLoader, { url, actor: admin })).data!;
    expect(page.detailsMoney).toMatchObject({ due: 250000, paid: 100000, balance: 150000 });
    expect(page.detailsMoney?.entries.map((e) => e.kind)).toEqual(["charge", "payment"]);

    const reader = await createManager(admin, "reader@academy.test", ["enrollments:view"]);
    const theirs = (await callLoader(enrollmentsLoader, { url, actor: reader })).data!;
    expect(theirs.details?.id).toBe(id);
    expect(theirs.detailsMoney).toBeNull();
  });
});

describe("the details' payment forms (the page's action)", () => {
  const post = (actor: Actor, form: Record<string, string>) => callAction(enrollmentsAction, { url: "/admin/enrollments", form, actor });

  it("record a payment typed in pounds (Arabic-Indic digits too) and change the amount due, each answering the new totals", async () => {
    const id = await approved(2800);
    const paid = await post(admin, { intent: "recordPayment", id, amount: "١٬٠٠٠٫٥٠", method: "wallet", reference: "VF-778" });
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({ ok: true, intent: "recordPayment", money: { due: 280000, paid: 100050, balance: 179950 } });
    const changed = await post(admin, { intent: "setDue", id, amount: "2,000", reason: "Scholarship (30 %)" });
    expect(changed.data).toMatchObject({ ok: true, money: { due: 200000, balance: 99950 } });
  });

  it("refuse bad input with the field's translated error (400), a colleague without payments:verify (403), and write nothing", async () => {
    const id = await approved(2800);
    for (const [form, field] of [
      [{ amount: "12.345", method: "cash", reference: "R1" }, "amount"],
      [{ amount: "0", method: "cash", reference: "R1" }, "amount"],
      [{ amount: "100", method: "paymob", reference: "R1" }, "method"],
      [{ amount: "100", method: "cash", reference: "  " }, "reference"],
    ] as const) {
      const res = await post(admin, { intent: "recordPayment", id, ...form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(Object.keys(res.data?.result?.error ?? {})).toContain(field);
    }
    const clerk = await createManager(admin, "clerk@academy.test", ["enrollments:view", "enrollments:edit", "payments:view"]);
    const refused = await post(clerk, { intent: "recordPayment", id, amount: "100", method: "cash", reference: "R2" });
    expect(refused.status).toBe(403);
    expect((await ledger(id)).entries.map((e) => e.kind)).toEqual(["charge"]);
  });

  it("give money back with payments:refund only, never more than was received, with its reason", async () => {
    const id = await approved(2800);
    await post(admin, { intent: "recordPayment", id, amount: "1000", method: "instapay", reference: "IP-5" });
    const verifier = await createManager(admin, "verifier@academy.test", ["enrollments:view", "payments:view", "payments:verify"]);
    expect((await post(verifier, { intent: "recordRefund", id, amount: "100", method: "instapay", reason: "Overpaid" })).status).toBe(403);
    const tooMuch = await post(admin, { intent: "recordRefund", id, amount: "1000.01", method: "instapay", reason: "Withdrew" });
    expect(tooMuch.status).toBe(409);
    const noReason = await post(admin, { intent: "recordRefund", id, amount: "100", method: "instapay", reason: " " });
    expect(Object.keys(noReason.data?.result?.error ?? {})).toContain("reason");
    const back = await post(admin, { intent: "recordRefund", id, amount: "٤٠٠", method: "cash", reason: "Withdrew before the start" });
    expect(back.data).toMatchObject({ ok: true, intent: "recordRefund", money: { paid: 100000, refunded: 40000, balance: 220000 } });
    expect((await ledger(id)).entries.at(-1)).toMatchObject({ kind: "refund", amountPiastres: 40000, method: "cash", reason: "Withdrew before the start" });
  });
});

