// Proofs of payment (issue 37 item 4) on PGlite and PostgreSQL (TEST_DB=pg): a student sends a photo or a
// PDF of their transfer from their enrollment page (a real multipart post to the page's action, as a
// browser without JavaScript sends it); staff mark it paid or reject it from Admin › Payments; the proof's
// file is theirs alone to open. Real storage on disk, the real ledger and outbox.
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { seedDefaults } from "@db/seed/demo.ts";
import { auditLog, emailOutbox, enrollmentLedger, enrollments, paymentProofs } from "@db/schema/index.ts";
import { enrollmentPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { ledgerOf, recordPayment } from "~/domain/payments/ledger.server.ts";
import { acceptProof, proofQueue, rejectProof } from "~/domain/payments/proofs.server.ts";
import { saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import { getDashboard } from "~/features/dashboard/dashboard.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { getStorage } from "~/lib/storage.server.ts";
import { PROOF_MAX_BYTES } from "~/lib/uploads.server.ts";
import { action as pageAction, loader as pageLoader } from "~/routes/site/enrollment.tsx";
import { loader as proofFileLoader } from "~/routes/api/payment-proof.ts";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/admin/payments.tsx";
import { proofFileResponse } from "~/features/uploads/upload-routes.server.ts";
import { createAdmin, insertManager } from "../setup/actors.ts";
import { tEn } from "../setup/i18n.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { approvedRequest } from "../setup/requests.ts";
import { makeCourse } from "../setup/factories.ts";
import { callAction, callLoader, contextFor } from "../setup/route-call.ts";

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  resetRateLimits();
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800 })).id;
  await saveSiteSettings(admin, { brandNameEn: "Nile Academy", holdHours: 48, instapayEnabled: true, instapayAddress: "nile@instapay", cashEnabled: true, cashAddressEn: "12 Tahrir St", cashHoursEn: "Sun–Thu 10–6" });
});

/** An approved request of 2,800 EGP (held), in the student's language: its reference and row id. */
const approved = (locale: "en" | "ar" = "en") => approvedRequest(admin, { courseId, locale });

/** A phone photo: 2000×1500 PNG carrying EXIF (where and by what it was taken). */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#0a7" } })
    .png()
    .withExif({ IFD0: { Make: "PhoneMaker", Copyright: "GPS 30.04N 31.23E" } })
    .toBuffer();
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** The student's post of the proof form, as a browser sends it (multipart), from client address `ip`. */
function send(reference: string, file: { bytes: Buffer; name: string; type: string } | null, fields: Record<string, string>, opts: { ip?: string; locale?: "en" | "ar"; path?: string } = {}) {
  const locale = opts.locale ?? "en";
  const path = opts.path ?? enrollmentPagePath(locale, reference);
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file) body.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const url = new URL(path, "http://localhost");
  const request = new Request(url, { method: "POST", body, headers: { Origin: url.origin } });
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip: opts.ip ?? "203.0.113.7" });
  return callAction(pageAction, { request, params: { lang: locale, reference }, context });
}

const FIELDS = { amount: "2,800", method: "instapay", reference: "IPN 99812" };
const proofsOf = (id: string) => database.db.select().from(paymentProofs).where(eq(paymentProofs.enrollmentId, id));

describe("a student sends a proof of payment", () => {
  it("keeps a phone photo re-encoded as WebP without its metadata, privately; emails the student; staff see it beside what is owed", async () => {
    const { reference, id, email } = await approved("ar");
    const res = await send(reference, { bytes: await photo(), name: "تحويل.png", type: "image/png" }, { ...FIELDS, amount: "٢٬٨٠٠" }, { locale: "ar" });
    // Post/redirect/get: back to the page (token kept), which says the proof arrived.
    expect(res.status).toBe(303);
    const location = res.response!.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/ar/enrollment/${reference}\\?t=[A-Za-z0-9_-]{22}&proof=sent#my-proof$`));
    const [proof] = await proofsOf(id);
    expect(proof).toMatchObject({ status: "pending", amountPiastres: 280000, method: "instapay", reference: "IPN 99812", contentType: "image/webp" });
    expect(proof!.fileKey).toMatch(/^proofs\/\d{4}\/[a-f0-9]{32}\.webp$/);
    // Stored privately, smaller, without EXIF.
    expect(await getStorage().head(proof!.fileKey, "public")).toBeNull();
    const stored = await getStorage().get(proof!.fileKey, "private");
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(Buffer.from(c as Uint8Array));
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    // The page lists it as being checked.
    const page = await callLoader(pageLoader, { url: location.replace("#my-proof", ""), params: { lang: "ar", reference } });
    expect(page.data?.proofSent).toBe(true);
    expect(page.data?.enrollment.proofs).toMatchObject([{ status: "pending", amountPiastres: 280000, reference: "IPN 99812" }]);
    // The student is told, in Arabic; the sending is audited without an actor.
    const mail = (await database.db.select().from(emailOutbox)).find((m) => m.kind === "payment-proof-received" && m.toAddress === email);
    expect(mail?.subject).toContain("استلمنا إثبات الدفع");
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "payment.proof.submit"));
    expect(audit).toMatchObject({ actorId: null, entityId: id });
    // Staff's queue: the proof beside what the request still owes.
    const queue = await proofQueue(admin);
    expect(queue.total).toBe(1);
    expect(queue.proofs[0]).toMatchObject({ id: proof!.id, amountPiastres: 280000, balancePiastres: 280000, enrollment: { reference, status: "approved" } });
    // The dashboard counts it for staff who may see payments.
    expect((await getDashboard(admin)).stats.proofsAwaitingReview).toBe(1);
  });

  it("keeps a PDF as sent; refuses a text file named .png (415), a file over 5 MB (413) and missing fields (400), keeping nothing", async () => {
    const { reference, id } = await approved();
    expect((await send(reference, { bytes: PDF, name: "statement.pdf", type: "application/pdf" }, FIELDS)).status).toBe(303);
    const before = await storedProofKeys();
    const fake = await send(reference, { bytes: Buffer.from("not an image at all ".repeat(300)), name: "x.png", type: "image/png" }, { ...FIELDS, reference: "A2" });
    expect(fake.status).toBe(415);
    expect(fake.data?.result?.error?.file).toEqual(["myEnrollment.proof.errors.fileType"]);
    // What was typed before the file comes back with the refusal (the form sends its file last).
    expect(fake.data?.result?.initialValue).toMatchObject({ reference: "A2", method: "instapay" });
    const huge = await send(reference, { bytes: Buffer.concat([await photo(), Buffer.alloc(PROOF_MAX_BYTES)]), name: "big.png", type: "image/png" }, { ...FIELDS, reference: "A3" });
    expect(huge.status).toBe(413);
    expect(huge.data?.messageKey).toBe("myEnrollment.proof.errors.fileTooLarge");
    const noFields = await send(reference, { bytes: PDF, name: "s.pdf", type: "application/pdf" }, { amount: "zero", method: "cheque", reference: " " });
    expect(noFields.status).toBe(400);
    expect(Object.keys(noFields.data?.result?.error ?? {}).sort()).toEqual(["amount", "method", "reference"]);
    const noFile = await send(reference, null, FIELDS);
    expect(noFile.status).toBe(400);
    expect(noFile.data?.result?.error?.file).toEqual(["myEnrollment.proof.errors.fileRequired"]);
    // One proof kept (the PDF, as sent); no refused file left in storage.
    const proofs = await proofsOf(id);
    expect(proofs.map((p) => p.contentType)).toEqual(["application/pdf"]);
    expect(before).toContain(proofs[0]!.fileKey);
    expect(await storedProofKeys()).toEqual(before);
  });

  it("is the page's 404 with a wrong token; refused when nothing is owed or three proofs already wait", async () => {
    const { reference, id } = await approved();
    const other = await approved();
    const wrong = await send(reference, { bytes: PDF, name: "s.pdf", type: "application/pdf" }, FIELDS, { path: enrollmentPagePath("en", other.reference).replace(other.reference, reference) });
    expect(wrong.status).toBe(404);
    for (const n of [1, 2, 3]) expect((await send(reference, { bytes: PDF, name: "s.pdf", type: "application/pdf" }, { ...FIELDS, reference: `R${n}` })).status).toBe(303);
    const fourth = await send(reference, { bytes: PDF, name: "s.pdf", type: "application/pdf" }, { ...FIELDS, reference: "R4" });
    expect(fourth.status).toBe(409);
    expect(fourth.data?.messageKey).toBe("myEnrollment.proof.errors.tooMany");
    expect(fourth.data?.result?.initialValue).toMatchObject({ reference: "R4" });
    // Paid in full at the office: nothing is owed, no proof is taken.
    await recordPayment(admin, other.id, { amountPiastres: 280000, method: "cash", reference: "BOOK-7" });
    const paid = await send(other.reference, { bytes: PDF, name: "s.pdf", type: "application/pdf" }, FIELDS);
    expect(paid.status).toBe(409);
    expect(paid.data?.messageKey).toBe("myEnrollment.proof.errors.notOwed");
    expect((await proofsOf(id)).length).toBe(3);
    expect((await proofsOf(other.id)).length).toBe(0);
  });

  it("takes at most 8 uploads an hour for one request, whatever the address, with Retry-After", async () => {
    const { reference } = await approved();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await send(reference, null, FIELDS, { ip: `198.51.100.${i + 1}` });
      statuses.push(res.status);
      if (i === 8) expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(8).fill(400), 429]);
  });

  it("takes at most 20 uploads an hour from one address, whichever request they are for", async () => {
    const refs = [(await approved()).reference, (await approved()).reference, (await approved()).reference];
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await send(refs[i % 3]!, null, FIELDS, { ip: "198.51.100.200" })).status);
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
    // Another address is not affected.
    expect((await send(refs[0]!, null, FIELDS, { ip: "198.51.100.201" })).status).toBe(400);
  });
});

describe("staff decide a proof", () => {
  async function sent(locale: "en" | "ar" = "en", amount = "2800") {
    const r = await approved(locale);
    expect((await send(r.reference, { bytes: PDF, name: "s.pdf", type: "application/pdf" }, { ...FIELDS, amount, reference: `IPN-${r.reference}` }, { locale })).status).toBe(303);
    const [proof] = await proofsOf(r.id);
    return { ...r, proofId: proof!.id };
  }

  it("Mark paid writes the payment with its receipt, ends the hold and accepts the proof; two staff at once write it once", async () => {
    const { id, proofId, email } = await sent("en", "1500");
    const results = await Promise.allSettled([
      acceptProof(admin, proofId, { amountPiastres: 150000, reference: "IPN-STATEMENT-1" }),
      acceptProof(admin, proofId, { amountPiastres: 150000, reference: "IPN-STATEMENT-1" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, messageKey: "adminPayments.errors.decided" });
    const ledger = await ledgerOf(database.db, id);
    expect(ledger).toMatchObject({ due: 280000, paid: 150000, balance: 130000 });
    const payments = await database.db.select().from(enrollmentLedger).where(and(eq(enrollmentLedger.enrollmentId, id), eq(enrollmentLedger.kind, "payment")));
    expect(payments).toHaveLength(1);
    expect(payments[0]!.receiptNumber).toMatch(/^[A-Z]+-\d{4}-\d{5}$/);
    const [proof] = await proofsOf(id);
    expect(proof).toMatchObject({ status: "accepted", ledgerEntryId: payments[0]!.id, reviewedBy: admin.id });
    const [row] = await database.db.select({ hold: enrollments.holdExpiresAt }).from(enrollments).where(eq(enrollments.id, id));
    expect(row!.hold).toBeNull();
    expect((await database.db.select().from(emailOutbox)).some((m) => m.kind === "payment-receipt" && m.toAddress === email)).toBe(true);
    expect((await proofQueue(admin)).total).toBe(0);
  });

  it("Reject emails the reason in the student's language; the page shows it; the form and the permissions hold on the server", async () => {
    const { id, proofId, email, reference } = await sent("ar");
    // A manager who may see payments but not verify them: the page opens, the decision is refused.
    const viewer = await insertManager("viewer@example.com", ["payments:view"]);
    const denied = await callAction(paymentsAction, { url: "/admin/payments", form: { intent: "rejectProof", id: proofId, reason: "x" }, actor: viewer });
    expect(denied.status).toBe(403);
    expect((await callLoader(paymentsLoader, { url: "/admin/payments", actor: viewer })).data?.mayVerify).toBe(false);
    // Nobody without payments:view sees the page or the file.
    const outsider = await insertManager("outsider@example.com", ["courses:view"]);
    expect((await callLoader(paymentsLoader, { url: "/admin/payments", actor: outsider })).status).toBe(403);
    // A blank reason is a field error; nothing changes.
    const blank = await callAction(paymentsAction, { url: "/admin/payments", form: { intent: "rejectProof", id: proofId, reason: "  " }, actor: admin });
    expect(blank.status).toBe(400);
    expect(blank.data?.result?.error?.reason).toEqual(["adminPayments.errors.reasonRequired"]);
    const done = await callAction(paymentsAction, { url: "/admin/payments", form: { intent: "rejectProof", id: proofId, reason: "No transfer with this reference reached us." }, actor: admin });
    expect(done.status).toBe(200);
    const [proof] = await proofsOf(id);
    expect(proof).toMatchObject({ status: "rejected", rejectReason: "No transfer with this reference reached us.", ledgerEntryId: null });
    const mail = (await database.db.select().from(emailOutbox)).find((m) => m.kind === "payment-proof-rejected" && m.toAddress === email);
    expect(mail?.subject).toContain("لم نتمكن من تأكيد");
    expect(mail?.textBody).toContain("No transfer with this reference reached us.");
    const page = await callLoader(pageLoader, { url: enrollmentPagePath("ar", reference), params: { lang: "ar", reference } });
    expect(page.data?.enrollment.proofs).toMatchObject([{ status: "rejected", rejectReason: "No transfer with this reference reached us." }]);
    // Decided: a second decision is refused and writes nothing.
    expect((await caughtStatus(() => rejectProof(admin, proofId, "again")))).toBe(409);
    expect((await ledgerOf(database.db, id)).paid).toBe(0);
  });

  it("opens the proof's file to staff with payments:view only: private, never cached, sandboxed", async () => {
    const { proofId } = await sent();
    // The route reads the staff session itself: without one, sign in and come back.
    const anonymous = await callLoader(proofFileLoader, { url: `/admin/payments/proofs/${proofId}`, params: { id: proofId }, context: withIp() });
    expect(anonymous.status).toBe(302);
    expect(anonymous.response?.headers.get("Location") ?? anonymous.headers.get("Location")).toBe(`/login?from=${encodeURIComponent(`/admin/payments/proofs/${proofId}`)}`);
    // Who the session names decides the rest.
    const request = new Request(`http://localhost/admin/payments/proofs/${proofId}`, { headers: { Accept: "application/json" } });
    const open = (actor: Actor | null, pid = proofId) => proofFileResponse(request, pid, actor, tEn);
    const ok = await open(admin);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
    expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
    expect(ok.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(ok.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(Buffer.from(await ok.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await open(null)).status).toBe(401);
    expect((await open(await insertManager("no-pay@example.com", ["enrollments:view"]))).status).toBe(403);
    // Staff who must first change a generated password see nothing yet.
    expect((await open({ ...admin, mustChangePassword: true }))).toHaveProperty("status", 403);
    expect((await open(admin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await open(admin, "../../etc/passwd")).status).toBe(404);
  });
});

async function storedProofKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of getStorage().list("private", "proofs/")) keys.push(f.key);
  return keys.sort();
}

async function caughtStatus(fn: () => Promise<unknown>): Promise<number | undefined> {
  try {
    await fn();
    return undefined;
  } catch (err) {
    return (err as { status?: number }).status;
  }
}

function withIp() {
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip: "203.0.113.5" });
  return context;
}
