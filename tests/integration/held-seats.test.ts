// Held seats (issue 37 item 2) on PGlite and PostgreSQL (TEST_DB=pg), with an injected clock (`now`):
// approving a priced request holds its seat until now + Settings' hold (48 h by default), the approval
// email names the amount and the deadline, and a reminder waits until halfway; money received ends the
// hold and withdraws the reminder; at the deadline an unpaid hold expires: the request says so, its seat
// is free again (the public count and the next on the waiting list see it), what was due goes back to
// zero, the student is told in their language and the expiry is audited; two instances sweeping at once
// expire it once; a free request holds nothing; staff can move an expired request back to pending.
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, emailOutbox, enrollmentLedger, enrollments, siteSettings } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { expireHolds } from "~/domain/payments/hold-expiry.server.ts";
import { HOLD_EXPIRED_KIND, PAYMENT_REMINDER_KIND } from "~/domain/payments/holds.server.ts";
import { getEnrollmentLedger, LEDGER_REASONS, recordPayment, recordRefund } from "~/domain/payments/ledger.server.ts";
import { getDashboard, paymentFigures } from "~/features/dashboard/dashboard.server.ts";
import { listUpcomingRuns } from "~/domain/runs/run-seats.server.ts";
import { getDecisionRun, reopenEnrollment, setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";

const database = setUpTestDatabase();
const HOUR = 60 * 60 * 1000;
let admin: Actor;
let courseId: string;
let runId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Excel", slug: "excel", isPublished: true, price: 1500 })).id;
  runId = (await makeRun(courseId, { price: 1200, capacity: 2, startsAt: new Date(Date.now() + 30 * 24 * HOUR) })).id;
});

async function approvedRequest(opts: { locale?: "en" | "ar"; email?: string } = {}) {
  const row = await makeEnrollment({ courseId, courseName: "Excel", runId, locale: opts.locale ?? "en", studentEmail: opts.email ?? `s${Math.random().toString(36).slice(2, 8)}@example.com` });
  await setEnrollmentStatus(admin, [row.id], "approved");
  return row;
}

const statusOf = async (id: string) => (await database.db.select({ s: enrollments.status, hold: enrollments.holdExpiresAt }).from(enrollments).where(eq(enrollments.id, id)))[0]!;
const mails = (kind: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));

describe("approving a priced request holds its seat", () => {
  it("until now + 48 hours by default, names the amount and deadline in the approval email, and queues the reminder for halfway", async () => {
    const before = Date.now();
    const row = await approvedRequest({ locale: "ar" });
    const { hold } = await statusOf(row.id);
    expect(hold!.getTime()).toBeGreaterThanOrEqual(before + 48 * HOUR - 1000);
    expect(hold!.getTime()).toBeLessThanOrEqual(Date.now() + 48 * HOUR);
    const [approval] = await mails("enrollment-approved");
    // In Arabic, Western digits (D26), the run's price (1,200), the deadline in Cairo time.
    expect(approval!.textBody).toContain("1,200");
    expect(approval!.textBody).toContain("ادفع قبل");
    expect(approval!.textBody).toContain("بتوقيت القاهرة");
    const [reminder] = await mails(PAYMENT_REMINDER_KIND);
    expect(reminder!.status).toBe("pending");
    const halfway = reminder!.nextAttemptAt.getTime() - before;
    expect(halfway).toBeGreaterThan(23.9 * HOUR);
    expect(halfway).toBeLessThan(24.1 * HOUR);
    expect(reminder!.subject).toContain("Excel");
  });

  it("for as long as Settings → Payments says", async () => {
    await database.db.insert(siteSettings).values({ key: "payments", value: { holdHours: 6 } }).onConflictDoUpdate({ target: siteSettings.key, set: { value: { holdHours: 6 } } });
    const row = await approvedRequest();
    const { hold } = await statusOf(row.id);
    expect(Math.round((hold!.getTime() - Date.now()) / HOUR)).toBe(6);
  });

  it("but a free request holds nothing", async () => {
    const free = await makeCourse({ title: "Intro", slug: "intro", isPublished: true, price: 0 });
    const row = await makeEnrollment({ courseId: free.id, courseName: "Intro" });
    await setEnrollmentStatus(admin, [row.id], "approved");
    expect((await statusOf(row.id)).hold).toBeNull();
    expect(await mails(PAYMENT_REMINDER_KIND)).toHaveLength(0);
  });
});

describe("money received", () => {
  it("ends the hold and withdraws the reminder, so the deadline passes without expiring it (in full or in part)", async () => {
    const full = await approvedRequest();
    const part = await approvedRequest();
    await recordPayment(admin, full.id, { amountPiastres: 120000, method: "instapay", reference: "IP-1" });
    await recordPayment(admin, part.id, { amountPiastres: 50000, method: "cash", reference: "BOOK-1" });
    expect((await statusOf(full.id)).hold).toBeNull();
    expect((await statusOf(part.id)).hold).toBeNull();
    expect((await mails(PAYMENT_REMINDER_KIND)).map((m) => m.status)).toEqual(["cancelled", "cancelled"]);
    expect(await expireHolds({ now: new Date(Date.now() + 100 * HOUR) })).toEqual([]);
    expect((await statusOf(full.id)).s).toBe("approved");
  });
});

describe("at the deadline an unpaid hold expires", () => {
  it("frees the seat for the public count and the waiting list, voids what was due, tells the student and is audited", async () => {
    const a = await approvedRequest({ locale: "ar", email: "nour@example.com" });
    await approvedRequest();
    const waiting = await makeEnrollment({ courseId, courseName: "Excel", runId, status: "waiting", studentName: "Salma Waiting" });
    expect((await listUpcomingRuns(database.db, courseId))[0]!.full).toBe(true);

    // A minute before the deadline nothing happens.
    const { hold } = await statusOf(a.id);
    expect(await expireHolds({ now: new Date(hold!.getTime() - 60_000) })).toEqual([]);
    const expired = await expireHolds({ now: new Date(hold!.getTime() + 1000) });
    expect(expired.map((e) => e.id).sort()).toHaveLength(2);

    expect((await statusOf(a.id)).s).toBe("expired");
    const run = (await listUpcomingRuns(database.db, courseId))[0]!;
    expect([run.full, run.seatsLeft]).toEqual([false, 2]);
    const decisionRun = await getDecisionRun(admin, runId);
    expect(decisionRun!.next).toEqual({ id: waiting.id, studentName: "Salma Waiting" });

    const money = await getEnrollmentLedger(admin, a.id);
    expect(money.due).toBe(0);
    expect(money.entries.at(-1)).toMatchObject({ kind: "adjustment", amountPiastres: -120000, reason: LEDGER_REASONS.holdExpired, actorId: null });

    const notices = await mails(HOLD_EXPIRED_KIND);
    const toNour = notices.find((m) => m.toAddress === "nour@example.com")!;
    expect(toNour.subject).toContain("أُلغي حجز مقعدك");
    expect(toNour.textBody).toContain("1,200");
    expect((await mails(PAYMENT_REMINDER_KIND)).every((m) => m.status === "cancelled")).toBe(true);
    expect((await mails("run-reminder")).every((m) => m.status === "cancelled")).toBe(true);

    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, "hold.expire")));
    expect(audit!.actorId).toBeNull();
    expect(audit!.data).toMatchObject({ from: "approved", to: "expired", duePiastres: 120000 });

    // Sweeping again changes nothing; a payment for an expired request is refused.
    expect(await expireHolds({ now: new Date(hold!.getTime() + 10 * HOUR) })).toEqual([]);
    await expect(recordPayment(admin, a.id, { amountPiastres: 100, method: "cash", reference: "LATE" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("once, when two instances sweep at once (two pools on PostgreSQL; one process on PGlite)", async () => {
    const rows = [await approvedRequest(), await approvedRequest()];
    const later = new Date(Date.now() + 49 * HOUR);
    const second: Database | undefined = database.url ? await openDatabase({ url: database.url, poolMax: 4 }) : undefined;
    try {
      const sweeps = await Promise.all([
        expireHolds({ now: later }),
        expireHolds({ now: later, ...(second ? { db: second.db } : {}) }),
        expireHolds({ now: later }),
        expireHolds({ now: later, ...(second ? { db: second.db } : {}) }),
      ]);
      expect(sweeps.flat().map((e) => e.id).sort()).toEqual(rows.map((r) => r.id).sort());
    } finally {
      await second?.close();
    }
    expect(await mails(HOLD_EXPIRED_KIND)).toHaveLength(2);
    for (const r of rows) expect((await getEnrollmentLedger(admin, r.id)).entries.filter((e) => e.reason === LEDGER_REASONS.holdExpired)).toHaveLength(1);
  });

  it("can be moved back to pending and approved again, with a new hold and a new charge", async () => {
    const row = await approvedRequest();
    await expireHolds({ now: new Date(Date.now() + 49 * HOUR) });
    await reopenEnrollment(admin, row.id, "expired");
    expect(await statusOf(row.id)).toEqual({ s: "pending", hold: null });
    await setEnrollmentStatus(admin, [row.id], "approved");
    const again = await statusOf(row.id);
    expect(again.s).toBe("approved");
    expect(again.hold!.getTime()).toBeGreaterThan(Date.now() + 47 * HOUR);
    expect((await getEnrollmentLedger(admin, row.id)).due).toBe(120000);
  });
});

describe("the dashboard's money figures", () => {
  it("count money received this Cairo month less refunds, and the holds ending within 24 hours", async () => {
    const a = await approvedRequest();
    const b = await approvedRequest();
    await recordPayment(admin, a.id, { amountPiastres: 50000, method: "instapay", reference: "IP-9" });
    await recordRefund(admin, a.id, { amountPiastres: 1000, method: "instapay", reason: "Overpaid" });
    await database.db.update(enrollments).set({ holdExpiresAt: new Date(Date.now() + 10 * HOUR) }).where(eq(enrollments.id, b.id));
    expect(await paymentFigures(new Date(), database.db)).toEqual({ collected: 49000, expiring: 1, awaiting: 0 });
    // A month is Cairo's: 22:30 UTC on 30 November is already 1 December in Cairo.
    await database.db.insert(enrollmentLedger).values({ enrollmentId: a.id, kind: "payment", amountPiastres: 700, method: "cash", reference: "EDGE", createdAt: new Date("2026-11-30T22:30:00Z") });
    // …and 21:30 UTC on 31 December is still December there.
    await database.db.insert(enrollmentLedger).values({ enrollmentId: a.id, kind: "payment", amountPiastres: 300, method: "cash", reference: "EDGE-2", createdAt: new Date("2026-12-31T21:30:00Z") });
    expect((await paymentFigures(new Date("2026-12-31T21:00:00Z"), database.db)).collected).toBe(50000);
    expect((await paymentFigures(new Date("2027-01-05T10:00:00Z"), database.db)).collected).toBe(0);
    expect((await paymentFigures(new Date("2026-11-30T21:00:00Z"), database.db)).collected).toBe(0);
    // The figures are for staff who may see payments.
    const manager = await createManager(admin, "m@example.com", ["enrollments:view"]);
    expect((await getDashboard(manager)).stats).toMatchObject({ collectedThisMonth: null, holdsExpiringSoon: null });
    expect((await getDashboard(admin)).stats.holdsExpiringSoon).toBe(1);
  });
});
