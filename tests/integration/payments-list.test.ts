// Admin › Payments › All payments and its CSV (issue 37 item 7) on PGlite and PostgreSQL (TEST_DB=pg): every
// payment and refund, newest first, filtered by type, method, course and Cairo days (a payment at 23:30 in
// Cairo belongs to that day, one at 00:10 to the next), with the filtered totals; the CSV of the same view in
// the staff member's language, Cairo time, with formulas neutralised; each behind its permission.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { seedDefaults } from "@db/seed/demo.ts";
import { auditLog, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { recordPayment, recordRefund } from "~/domain/payments/ledger.server.ts";
import { saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { loader as listLoader } from "~/routes/admin/payments-list.tsx";
import { loader as exportLoader } from "~/routes/admin/payments-export.ts";
import { createAdmin, insertManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { approvedRequest } from "../setup/requests.ts";
import { makeCourse, makeRun } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";

const database = setUpTestDatabase();
let admin: Actor;
let data: string;
let design: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  data = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800 })).id;
  design = (await makeCourse({ title: "Graphic Design", slug: "graphic-design", isPublished: true, price: 1500 })).id;
  await saveSiteSettings(admin, { brandNameEn: "Nile Academy", holdHours: 48 });
});

const approved = async (courseId: string, name = "Mona Adel", runId?: string) => (await approvedRequest(admin, { courseId, name, ...(runId ? { runId } : {}), emailPrefix: "list" })).id;

/** A payment written at a given moment (the ledger takes inserts only; the time is the test's). */
async function paidAt(enrollmentId: string, at: string, amountPiastres: number, reference: string) {
  await database.db.insert(enrollmentLedger).values({ enrollmentId, kind: "payment", amountPiastres, method: "bank", reference, idempotencyKey: `test:${reference}`, createdAt: new Date(at) });
}

const list = (query = "", actor: Actor = admin) => callLoader(listLoader, { url: `/admin/payments/all${query}`, actor });

describe("All payments", () => {
  it("lists payments and refunds newest first, with the filtered totals, and filters by type, method, course and Cairo days", async () => {
    const a = await approved(data, "Mona Adel");
    const b = await approved(design, "Karim Hassan");
    await recordPayment(admin, a, { amountPiastres: 100000, method: "instapay", reference: "IPN-1" });
    await recordPayment(admin, b, { amountPiastres: 150000, method: "cash", reference: "BOOK-7" });
    await recordRefund(admin, b, { amountPiastres: 20000, method: "cash", reason: "Dropped the second week" });
    // 2026-03-10 23:30 and 2026-03-11 00:10 in Cairo (UTC+2 in March).
    await paidAt(a, "2026-03-10T21:30:00Z", 5000, "LATE-EVENING");
    await paidAt(a, "2026-03-10T22:10:00Z", 7000, "AFTER-MIDNIGHT");

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.data!.list.total).toBe(5);
    expect(all.data!.list.sums).toEqual({ paid: 100000 + 150000 + 5000 + 7000, refunded: 20000 });
    expect(all.data!.list.rows.map((r) => r.reference ?? r.reason)).toEqual(["Dropped the second week", "BOOK-7", "IPN-1", "AFTER-MIDNIGHT", "LATE-EVENING"]);
    expect(all.data!.list.rows[1]).toMatchObject({ kind: "payment", method: "cash", recordedBy: admin.email, enrollment: { studentName: "Karim Hassan", courseName: "Graphic Design" } });
    expect(all.data!.mayExport).toBe(true);

    expect((await list("?kind=refund")).data!.list.rows.map((r) => r.kind)).toEqual(["refund"]);
    expect((await list("?method=cash")).data!.list.total).toBe(2);
    expect((await list(`?course=${design}`)).data!.list.sums).toEqual({ paid: 150000, refunded: 20000 });
    const march10 = await list("?from=2026-03-10&to=2026-03-10");
    expect(march10.data!.list.rows.map((r) => r.reference)).toEqual(["LATE-EVENING"]);
    expect((await list("?from=2026-03-11&to=2026-03-11")).data!.list.rows.map((r) => r.reference)).toEqual(["AFTER-MIDNIGHT"]);
    // Nonsense in the URL is no filter, not an error.
    const odd = await list("?kind=gift&method=cheque&course=x&from=2026-13-40&page=-3");
    expect(odd.status).toBe(200);
    expect(odd.data!.filter).toMatchObject({ kind: "", method: "", course: "", from: "", page: 1 });
    expect(odd.data!.list.total).toBe(5);
  });

  it("narrows a course to one of its groups; a group of another course, or a group without a course, is no filter", async () => {
    const march = (await makeRun(data, { startsAt: new Date("2027-03-01T08:00:00Z"), price: 2500 })).id;
    const may = (await makeRun(data, { startsAt: new Date("2027-05-03T08:00:00Z") })).id;
    const designRun = (await makeRun(design, { startsAt: new Date("2027-04-01T08:00:00Z") })).id;
    const inMarch = await approved(data, "Mona Adel", march);
    const inMay = await approved(data, "Karim Hassan", may);
    await recordPayment(admin, inMarch, { amountPiastres: 100000, method: "instapay", reference: "MARCH-1" });
    await recordPayment(admin, inMay, { amountPiastres: 60000, method: "cash", reference: "MAY-1" });

    const course = await list(`?course=${data}`);
    expect(course.data!.list.runs.map((r) => r.id)).toEqual([march, may]);
    expect(course.data!.list.total).toBe(2);
    const one = await list(`?course=${data}&run=${may}`);
    expect(one.data!.list.rows.map((r) => r.reference)).toEqual(["MAY-1"]);
    expect(one.data!.list.sums).toEqual({ paid: 60000, refunded: 0 });
    expect(one.data!.filter.run).toBe(may);
    // The course changed while the old group stayed chosen: the whole course, and the page shows no group.
    const stale = await list(`?course=${data}&run=${designRun}`);
    expect(stale.data!.list.total).toBe(2);
    expect(stale.data!.filter.run).toBe("");
    // A group alone (no course) is ignored; without a course the page offers no groups.
    const alone = await list(`?run=${may}`);
    expect(alone.data!.filter.run).toBe("");
    expect(alone.data!.list.runs).toEqual([]);
    expect(alone.data!.list.total).toBe(2);
    // The CSV follows the same filter.
    const csv = await callLoader(exportLoader, { url: `/admin/payments/export.csv?course=${data}&run=${march}`, actor: admin });
    const lines = (await csv.response!.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("MARCH-1");
  });

  it("is refused to staff without payments:view; the CSV to staff without payments:export", async () => {
    const viewer = await insertManager("viewer@example.com", ["payments:view"]);
    expect((await list("", viewer)).data!.mayExport).toBe(false);
    const res = await callLoader(exportLoader, { url: "/admin/payments/export.csv", actor: viewer });
    expect(res.status).toBe(403);
    const nobody = await insertManager("nobody@example.com", ["enrollments:view"]);
    expect((await list("", nobody)).status).toBe(403);
  });

  it("downloads the filtered view as CSV: Arabic labels, Cairo time, pounds, formulas neutralised; the export audited", async () => {
    const b = await approved(design, "Karim Hassan");
    await paidAt(b, "2026-03-10T21:30:00Z", 150050, "+CMD");
    await recordRefund(admin, b, { amountPiastres: 20000, method: "cash", reason: "Dropped" });
    const res = await callLoader(exportLoader, { url: "/admin/payments/export.csv?kind=payment&lang=ar", actor: admin, headers: { "Accept-Language": "ar" } });
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.response!.headers.get("Content-Disposition")).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.response!.arrayBuffer());
    // A byte order mark first, so spreadsheet programs read the Arabic as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, ...rest] = new TextDecoder().decode(bytes).split("\r\n");
    expect(header).toContain("التاريخ");
    expect(rest.filter(Boolean)).toHaveLength(0);
    expect(row).toBe(`2026-03-10 23:30,,دفعة,1500.50,تحويل بنكي,'+CMD,,${(await database.db.select().from(enrollments).where(eq(enrollments.id, b)))[0]!.enrollmentId},Karim Hassan,Graphic Design,,`);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "export"));
    expect(audit).toMatchObject({ entity: "payment", data: expect.objectContaining({ format: "csv", kind: "payment" }) });
  });
});
