// Paying online through Paymob (issue 37 item 5) on PGlite and PostgreSQL (TEST_DB=pg), against the local
// Paymob simulator (tests/setup/paymob-simulator.ts: Paymob is outside our control and unreachable here).
// "Pay online" asks Paymob for an intention of what is owed and sends the student to its checkout; only a
// signed transaction callback settles: once, whatever the replays; never on a forged or tampered one, an
// amount or currency that is not ours, or an order we did not create. The return to the page only reads.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/logger.server.ts";
import { eq } from "drizzle-orm";
import { seedDefaults } from "@db/seed/demo.ts";
import { auditLog, emailOutbox, enrollmentLedger, enrollments, onlinePayments } from "@db/schema/index.ts";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { ledgerOf } from "~/domain/payments/ledger.server.ts";
import { reopenEnrollment } from "~/features/enrollments/enrollment-decisions.server.ts";
import { saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import { transactionHmac } from "~/lib/paymob.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { action as payAction } from "~/routes/site/enrollment-pay.ts";
import { action as callbackAction } from "~/routes/api/paymob-callback.ts";
import { loader as pageLoader } from "~/routes/site/enrollment.tsx";
import { startPaymobSimulator, type SimIntention } from "../setup/paymob-simulator.ts";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { approvedRequest } from "../setup/requests.ts";
import { makeCourse } from "../setup/factories.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

// Before the app reads its configuration: this file's app is configured for the simulator.
const sim = await startPaymobSimulator();
Object.assign(process.env, sim.env, { PUBLIC_URL: "https://academy.example", RATE_LIMIT_PAYMOB: "4/3600" });

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  resetRateLimits();
  sim.intentions.length = 0;
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800 })).id;
  await saveSiteSettings(admin, { brandNameEn: "Nile Academy", holdHours: 48 });
});

/** An approved request of 2,800 EGP (held), in the student's language. */
const approved = (locale: "en" | "ar" = "en") => approvedRequest(admin, { courseId, locale, name: "Mona Adel Hassan", emailPrefix: "online" });

/** The student presses "Pay online" (the page's plain form, its token in a hidden field). */
const pay = (reference: string, locale: "en" | "ar" = "en", token = enrollmentToken(reference)) =>
  callAction(payAction, { url: `/${locale}/enrollment/${reference}/pay`, form: { t: token }, params: { lang: locale, reference } });

/** Paymob's callback, as it arrives: JSON, the signature in the query (the given one, else a true one). */
async function deliver(obj: Record<string, unknown>, opts: { hmac?: string; type?: string; raw?: string } = {}) {
  const url = `http://localhost/api/paymob/callback?hmac=${opts.hmac ?? sim.sign(obj)}`;
  const request = new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: opts.raw ?? JSON.stringify({ type: opts.type ?? "TRANSACTION", obj }) });
  const res = (await callbackAction({ request, params: {}, context: undefined as never } as never)) as Response;
  return { status: res.status, outcome: ((await res.json()) as { outcome: string }).outcome };
}

/** Pays online up to the checkout: the intention Paymob was asked for. */
async function checkout(reference: string): Promise<SimIntention> {
  const res = await pay(reference);
  expect(res.status).toBe(303);
  const intention = sim.intentions.at(-1)!;
  expect(res.response!.headers.get("Location")).toBe(`${sim.url}/unifiedcheckout/?publicKey=${sim.publicKey}&clientSecret=${intention.clientSecret}`);
  return intention;
}

const payments = (id: string) => database.db.select().from(enrollmentLedger).where(eq(enrollmentLedger.enrollmentId, id)).then((rows) => rows.filter((r) => r.kind === "payment"));
const statusOf = async (id: string) => (await database.db.select({ s: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.s;

describe("Pay online", () => {
  it("asks Paymob for an intention of what is owed, in piastres and EGP, with the student's billing data and our URLs", async () => {
    const { reference, email } = await approved("ar");
    const page = await callLoader(pageLoader, { url: `/ar/enrollment/${reference}?t=${enrollmentToken(reference)}`, params: { lang: "ar", reference } });
    expect(page.data?.enrollment.online).toEqual({ offered: true, latest: null });
    const res = await pay(reference, "ar");
    expect(res.status).toBe(303);
    const intention = sim.intentions.at(-1)!;
    expect(intention).toMatchObject({ amount: 280000, currency: "EGP", paymentMethods: sim.integrationIds, notificationUrl: "https://academy.example/api/paymob/callback" });
    expect(intention.billing).toMatchObject({ first_name: "Mona Adel", last_name: "Hassan", email, phone_number: "+201012345678" });
    expect(intention.redirectionUrl).toBe(`https://academy.example/ar/enrollment/${reference}?t=${enrollmentToken(reference)}&online=back`);
    const [attempt] = await database.db.select().from(onlinePayments);
    expect(attempt).toMatchObject({ status: "created", amountPiastres: 280000, reference: intention.specialReference, orderId: String(intention.orderId), locale: "ar" });
  });

  it("is refused with the page's 404 for a wrong token, and sends the student back with why for nothing owed or too many tries", async () => {
    const { reference, id } = await approved();
    expect((await pay(reference, "en", "A".repeat(22))).status).toBe(404);
    for (let i = 0; i < 4; i++) expect((await pay(reference)).status).toBe(303);
    const tooMany = await pay(reference);
    expect(tooMany.response!.headers.get("Location")).toMatch(/[?&]online=too-many#pay-online$/);
    expect(sim.intentions).toHaveLength(4);
    // Staff moved it back meanwhile: nothing is owed any more.
    await reopenEnrollment(admin, id, "approved");
    resetRateLimits();
    expect((await pay(reference)).response!.headers.get("Location")).toMatch(/[?&]online=not-owed#pay-online$/);
    expect(sim.intentions).toHaveLength(4);
  });
});

describe("Paymob's transaction callback", () => {
  it("settles a card payment once: the ledger's payment with its receipt, the seat confirmed, the receipt emailed; replays change nothing", async () => {
    const { reference, id, email } = await approved();
    const pageUrl = `/en/enrollment/${reference}?t=${enrollmentToken(reference)}`;
    const approvedAt = (await callLoader(pageLoader, { url: pageUrl, params: { lang: "en", reference } })).data!.enrollment.decidedAt;
    expect(approvedAt).not.toBeNull();
    const intention = await checkout(reference);
    const obj = sim.transaction(intention, { success: true });
    expect(await deliver(obj)).toEqual({ status: 200, outcome: "settled" });
    // Paying touches the request's row; the page's "Approved" keeps the approval's time.
    expect((await callLoader(pageLoader, { url: pageUrl, params: { lang: "en", reference } })).data!.enrollment.decidedAt).toBe(approvedAt);
    // The same callback again, and five more at once: nothing more.
    expect(await deliver(obj)).toEqual({ status: 200, outcome: "duplicate" });
    const again = await Promise.all(Array.from({ length: 5 }, () => deliver(obj)));
    expect(again.map((r) => r.outcome)).toEqual(Array(5).fill("duplicate"));
    const paid = await payments(id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amountPiastres: 280000, method: "paymob", actorId: null, reference: `Paymob ${obj.id}` });
    expect(paid[0]!.receiptNumber).toMatch(/^NA-\d{4}-\d{5}$/);
    expect((await ledgerOf(database.db, id)).balance).toBe(0);
    expect(await statusOf(id)).toBe("approved");
    const [attempt] = await database.db.select().from(onlinePayments);
    expect(attempt).toMatchObject({ status: "paid", transactionId: String(obj.id), ledgerEntryId: paid[0]!.id });
    const receipts = (await database.db.select().from(emailOutbox)).filter((m) => m.toAddress === email && m.kind === "payment-receipt");
    expect(receipts).toHaveLength(1);
    // The page, on the way back from the checkout: paid, the receipt listed.
    const page = await callLoader(pageLoader, { url: `/en/enrollment/${reference}?t=${enrollmentToken(reference)}&online=back`, params: { lang: "en", reference } });
    expect(page.data?.payOnline?.notice).toEqual({ state: "paid", text: "Payment received, thank you. Your receipt is listed under Payment." });
    expect(page.data?.enrollment.online).toEqual({ offered: false, latest: "paid" });
    expect(page.data?.enrollment.money?.payments[0]?.receipt).toBe(paid[0]!.receiptNumber);
  });

  it("answers 401 to a forged or tampered signature and changes nothing; its log line carries no personal data", async () => {
    const { reference, id } = await approved();
    const intention = await checkout(reference);
    const obj = sim.transaction(intention, { success: true });
    const warn = vi.spyOn(logger, "warn");
    expect(await deliver(obj, { hmac: "0".repeat(128) })).toEqual({ status: 401, outcome: "bad_signature" });
    const line = JSON.stringify(warn.mock.calls);
    warn.mockRestore();
    expect(line).toContain("bad signature");
    expect(line).toContain(String(intention.orderId));
    for (const personal of ["Mona", "Hassan", "@example.com", "1012345678"]) expect(line).not.toContain(personal);
    expect(await deliver(obj, { hmac: transactionHmac(obj, "not-the-secret") })).toEqual({ status: 401, outcome: "bad_signature" });
    expect(await deliver(obj, { hmac: "short" })).toEqual({ status: 401, outcome: "bad_signature" });
    // Signed for one amount, sent with a smaller one.
    const signed = sim.sign(obj);
    expect(await deliver({ ...obj, amount_cents: 100 }, { hmac: signed })).toEqual({ status: 401, outcome: "bad_signature" });
    // Signed as declined, turned into a success.
    const declined = sim.transaction(intention, { success: false });
    expect(await deliver({ ...declined, success: true }, { hmac: sim.sign(declined) })).toEqual({ status: 401, outcome: "bad_signature" });
    expect(await payments(id)).toHaveLength(0);
    expect((await database.db.select().from(onlinePayments))[0]!.status).toBe("created");
  });

  it("refuses a signed amount or currency that is not ours, an order we did not create, and a body that is not JSON or too large", async () => {
    const { reference, id } = await approved();
    const intention = await checkout(reference);
    expect(await deliver(sim.transaction(intention, { success: true, amountCents: 100 }))).toEqual({ status: 200, outcome: "mismatch" });
    expect(await deliver(sim.transaction(intention, { success: true, currency: "USD" }))).toEqual({ status: 200, outcome: "mismatch" });
    expect(await deliver(sim.transaction({ ...intention, orderId: 999 }, { success: true }))).toEqual({ status: 200, outcome: "unknown" });
    expect(await deliver({}, { raw: "not json" })).toEqual({ status: 400, outcome: "malformed" });
    expect(await deliver({}, { raw: JSON.stringify({ type: "TRANSACTION", obj: { pad: "x".repeat(70_000) } }) })).toEqual({ status: 413, outcome: "too_large" });
    expect(await deliver(sim.transaction(intention, { success: true }), { type: "TOKEN" })).toEqual({ status: 200, outcome: "ignored" });
    expect(await payments(id)).toHaveLength(0);
  });

  it("a declined wallet marks the attempt failed; paying again on the same checkout settles; a refund made at Paymob is left to staff", async () => {
    const { reference, id } = await approved();
    const intention = await checkout(reference);
    expect(await deliver(sim.transaction(intention, { success: false, way: "wallet-declined" }))).toEqual({ status: 200, outcome: "failed" });
    const [failed] = await database.db.select().from(onlinePayments);
    expect(failed).toMatchObject({ status: "failed", failure: "Wallet declined: insufficient balance" });
    const page = await callLoader(pageLoader, { url: `/en/enrollment/${reference}?t=${enrollmentToken(reference)}&online=back`, params: { lang: "en", reference } });
    expect(page.data?.enrollment.online).toEqual({ offered: true, latest: "failed" });
    expect(await deliver(sim.transaction(intention, { success: true }))).toEqual({ status: 200, outcome: "settled" });
    // A decline arriving late does not undo the payment.
    expect(await deliver(sim.transaction(intention, { success: false }))).toEqual({ status: 200, outcome: "failed" });
    expect((await database.db.select().from(onlinePayments))[0]!.status).toBe("paid");
    const refund = { ...sim.transaction(intention, { success: true }), is_refunded: true, has_parent_transaction: true };
    expect(await deliver(refund)).toEqual({ status: 200, outcome: "ignored" });
    expect(await payments(id)).toHaveLength(1);
  });

  it("a Fawry reference waits (pending) until it is paid at an outlet, then settles", async () => {
    const { reference, id } = await approved();
    const intention = await checkout(reference);
    expect(await deliver(sim.transaction(intention, { success: false, pending: true, way: "fawry" }))).toEqual({ status: 200, outcome: "pending" });
    expect((await database.db.select().from(onlinePayments))[0]!.status).toBe("created");
    expect(await payments(id)).toHaveLength(0);
    expect(await deliver(sim.transaction(intention, { success: true, way: "fawry" }))).toEqual({ status: 200, outcome: "settled" });
    expect((await ledgerOf(database.db, id)).balance).toBe(0);
  });

  it("money that arrives after the hold expired is recorded (the request stays expired for staff to decide); a rejected request's is not", async () => {
    const { reference, id } = await approved();
    const intention = await checkout(reference);
    await database.db.update(enrollments).set({ status: "expired" }).where(eq(enrollments.id, id));
    expect(await deliver(sim.transaction(intention, { success: true }))).toEqual({ status: 200, outcome: "settled" });
    expect(await statusOf(id)).toBe("expired");
    expect(await payments(id)).toHaveLength(1);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "payment.record"));
    expect(audit).toMatchObject({ actorId: null, entityId: id, data: expect.objectContaining({ afterHoldExpired: true, method: "paymob" }) });

    const other = await approved();
    const second = await checkout(other.reference);
    await database.db.update(enrollments).set({ status: "rejected" }).where(eq(enrollments.id, other.id));
    expect(await deliver(sim.transaction(second, { success: true }))).toEqual({ status: 200, outcome: "not_open" });
    expect(await payments(other.id)).toHaveLength(0);
  });
});
