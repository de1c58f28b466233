// Admin Enrollments (issue 6 part A) against a real database (PGlite, or PostgreSQL with TEST_DB=pg):
// counters, the Arabic-aware search, the status filter and pages, approve / reject (single and bulk)
// with their audit lines and the student's email delivered to a real SMTP server, the streamed CSV,
// and the permission refusals of the domain functions and of the two routes.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { auditLog, courses, emailOutbox, enrollments } from "@db/schema/index.ts";
import { seedDefaults, seedDemoSettings } from "@db/seed/demo.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import { csvCell, csvPhoneCell } from "~/lib/csv.ts";
import {
  CSV_COLUMNS,
  SEARCH_COUNT_CAP,
  csvFilename,
  enrollmentCounters,
  foldEnrollmentQuery,
  getEnrollment,
  listEnrollments,
  streamEnrollmentsCsv,
} from "~/features/enrollments/enrollments-admin.server.ts";
import { setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { createOutboxWorker, smtpTransport } from "~/lib/outbox.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { action as pageAction, loader as pageLoader } from "~/routes/admin/enrollments.tsx";
import { loader as exportLoader } from "~/routes/admin/enrollments-export.ts";
import { ANONYMOUS, createAdmin, createManager } from "../setup/actors.ts";
import { createTestClock } from "../setup/clock.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { expectCode } from "../setup/expect.ts";
import { makeCourse } from "../setup/factories.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { drainOutbox } from "../setup/outbox.ts";
import { callAction, callLoader } from "../setup/route-call.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";

/** Every staff member of this file writes from this address (the audit lines carry it). */
const IP = "198.51.100.9";

let admin: Actor;
let courseId: string;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  // The demo's contact details: the provider inbox these tests mail (issue 33: the defaults have none).
  await seedDemoSettings(database.db);
  admin = await createAdmin({ ip: IP });
  courseId = (await makeCourse({ title: "Digital Marketing Essentials", slug: "digital-marketing", isPublished: true })).id;
});

/** A manager holding exactly `permissions`. */
const manager = (email: string, permissions: Permission[]) => createManager(admin, email, permissions, { ip: IP });

type Seed = Partial<typeof enrollments.$inferInsert>;
const BASE = Date.parse("2025-03-01T08:00:00Z");

/** Inserts enrollments, the first oldest (one minute apart); returns their row ids in that order. */
async function seed(rows: Seed[], start = 0): Promise<string[]> {
  const values = rows.map((r, i) => ({
    enrollmentId: `ENR-TEST${String(start + i).padStart(5, "0")}-ABC`,
    courseId,
    courseName: "Digital Marketing Essentials",
    studentName: `Student ${start + i}`,
    studentEmail: `student${start + i}@example.com`,
    studentPhone: `+20 10${String(start + i).padStart(8, "0")}`,
    locale: "en",
    status: "pending" as const,
    createdAt: new Date(BASE + (start + i) * 60_000),
    ...r,
  }));
  const ids: string[] = [];
  for (let i = 0; i < values.length; i += 250) {
    const inserted = await database.db
      .insert(enrollments)
      .values(values.slice(i, i + 250))
      .returning({ id: enrollments.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

async function statusesOf(ids: string[]): Promise<Record<string, string>> {
  const rows = await database.db.select({ id: enrollments.id, status: enrollments.status }).from(enrollments).where(inArray(enrollments.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

async function countOf(table: typeof auditLog | typeof emailOutbox): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF line ends, commas and breaks in quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      /* the \n ends the row */
    } else if (c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (quoted) throw new Error("unterminated quoted field");
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(Buffer.from(value));
  }
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

describe("counters, search, filter and pages", () => {
  /** The counters as a full count of the table would give them. */
  async function counted() {
    const rows = await database.db.select({ status: enrollments.status, n: count() }).from(enrollments).groupBy(enrollments.status);
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    return { total: rows.reduce((a, r) => a + Number(r.n), 0), pending: by.pending ?? 0, approved: by.approved ?? 0, rejected: by.rejected ?? 0, waiting: by.waiting ?? 0, expired: by.expired ?? 0, withdrawn: by.withdrawn ?? 0 };
  }

  it("counts every status in one go, and the counts follow inserts, status changes, deletes and truncation", async () => {
    const ids = await seed([{ status: "pending" }, { status: "pending" }, { status: "approved" }, { status: "rejected" }, { status: "pending" }, { status: "waiting" }]);
    expect(await enrollmentCounters(admin)).toEqual({ total: 6, pending: 3, approved: 1, rejected: 1, waiting: 1, expired: 0, withdrawn: 0 });

    await setEnrollmentStatus(admin, [ids[0]!, ids[1]!], "approved");
    await database.db.update(enrollments).set({ courseName: "Renamed" }); // no status change
    await database.db.update(enrollments).set({ status: "pending" }).where(eq(enrollments.id, ids[3]!));
    await database.db.delete(enrollments).where(eq(enrollments.id, ids[2]!));
    await seed([{ status: "rejected" }, {}], 10);
    expect(await enrollmentCounters(admin)).toEqual({ total: 7, pending: 3, approved: 2, rejected: 1, waiting: 1, expired: 0, withdrawn: 0 });
    expect(await enrollmentCounters(admin)).toEqual(await counted());
    expect((await listEnrollments(admin, { status: "approved" })).total).toBe(2);
    expect((await listEnrollments(admin, { status: "waiting" })).total).toBe(1);
    expect((await listEnrollments(admin, {})).total).toBe(7);
    // Deleting a course keeps its enrollments (course_id cleared): the counts do not move.
    await database.db.delete(courses).where(eq(courses.id, courseId));
    expect(await enrollmentCounters(admin)).toEqual(await counted());

    await database.db.execute(sql`truncate enrollments cascade`);
    expect(await enrollmentCounters(admin)).toEqual({ total: 0, pending: 0, approved: 0, rejected: 0, waiting: 0, expired: 0, withdrawn: 0 });
  });

  it("finds Arabic names whatever the tashkeel and alef forms, and by email, phone, enrollment id and course", async () => {
    const [ahmed, john, sara, course] = await seed([
      { studentName: "أحمد إبراهيم", studentEmail: "ahmed.ibrahim@example.com", studentPhone: "+20 1001234567", locale: "ar" },
      { studentName: "John Smith", studentEmail: "john@example.com", studentPhone: "+44 7700900123" },
      { studentName: "Sara Ahmed", studentEmail: "sara@example.com", enrollmentId: "ENR-MABC123-XY7Q9Z" },
      { studentName: "Mona Ali", courseName: "دورة اللغة العربية للمبتدئين" },
    ]);
    const ids = async (q: string, status?: "pending") =>
      (await listEnrollments(admin, { q, ...(status ? { status } : {}) })).rows.map((r) => r.id).sort();

    // Arabic: with tashkeel, without hamza on the alef, with tatweel; all find "أحمد إبراهيم".
    expect(await ids("أَحْمَد")).toEqual([ahmed]);
    expect(await ids("احمد ابراهيم")).toEqual([ahmed]);
    expect(await ids("إبـــراهيم")).toEqual([ahmed]);
    // Latin letters ignore case.
    expect(await ids("AHMED")).toEqual([ahmed!, sara!].sort()); // Sara Ahmed, and ahmed.ibrahim@ by email
    // Email (any case), phone with or without the space, enrollment id (any case), course name (ta marbuta folded).
    expect(await ids("Ahmed.Ibrahim@")).toEqual([ahmed]);
    expect(await ids("1001234567")).toEqual([ahmed]);
    expect(await ids("+201001234567")).toEqual([ahmed]);
    expect(await ids("+20 1001234567")).toEqual([ahmed]);
    expect(await ids("١٠٠١٢٣٤٥٦٧")).toEqual([ahmed]); // Arabic-Indic digits as typed on an Arabic keyboard
    // D26: a number typed the way people write it finds the stored E.164 number (or a part of it).
    expect(await ids("01001234567")).toEqual([ahmed]);
    expect(await ids("0100 123 4567")).toEqual([ahmed]);
    expect(await ids("٠١٠٠-١٢٣-٤٥٦٧")).toEqual([ahmed]);
    expect(await ids("0020 100 123 4567")).toEqual([ahmed]);
    expect(await ids("0100 123")).toEqual([ahmed]);
    expect(await ids("+44 7700 900123")).toEqual([john]);
    expect(await ids("enr-mabc123-xy7q9z")).toEqual([sara]);
    expect(await ids("دوره اللغه")).toEqual([course]);
    // A match never spans two fields, and LIKE wildcards are literal.
    expect(await ids("smith john")).toEqual([]);
    expect(await ids("%")).toEqual([]);
    expect(await ids("_")).toEqual([]);
    // Search and status together.
    await setEnrollmentStatus(admin, [ahmed!], "approved");
    expect(await ids("احمد", "pending")).toEqual([]);
    expect(foldEnrollmentQuery("  أَحْمَد\u001f  ")).toBe("احمد");
  });

  it("filters by status and pages newest first, with a fixed page size", async () => {
    const ids = await seed(
      Array.from({ length: 45 }, (_, i) => ({ status: i % 3 === 0 ? "approved" : "pending" })),
    );
    const newestFirst = [...ids].reverse();
    const page1 = await listEnrollments(admin, {});
    expect(page1).toMatchObject({ total: 45, page: 1, pageCount: 3, pageSize: 20 });
    expect(page1.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 20));
    const page2 = await listEnrollments(admin, { page: 2 });
    expect(page2.rows.map((r) => r.id)).toEqual(newestFirst.slice(20, 40));
    const page3 = await listEnrollments(admin, { page: 3 });
    expect(page3.rows.map((r) => r.id)).toEqual(newestFirst.slice(40));
    // A page past the end shows the last one.
    const past = await listEnrollments(admin, { page: 99 });
    expect(past.page).toBe(3);
    expect(past.rows.map((r) => r.id)).toEqual(newestFirst.slice(40));

    const approved = await listEnrollments(admin, { status: "approved" });
    expect(approved.total).toBe(15);
    expect(approved.rows.every((r) => r.status === "approved")).toBe(true);
    expect(approved.rows.map((r) => r.id)).toEqual(newestFirst.filter((_, i) => (44 - i) % 3 === 0).slice(0, 15));

    // Rows created in the same instant keep a stable order (the id breaks the tie), across pages.
    await resetDatabase(database.db);
    await seedDefaults(database.db);
    const same = new Date("2025-05-05T10:00:00Z");
    await seed(Array.from({ length: 30 }, () => ({ createdAt: same, courseId: null })));
    const a = await listEnrollments(admin, { page: 1 });
    const b = await listEnrollments(admin, { page: 2 });
    const all = [...a.rows, ...b.rows].map((r) => r.id);
    expect(new Set(all).size).toBe(30);
    expect(all).toEqual([...all].sort().reverse());
  });

  it("counts a search up to 1 000 matches and then lists the newest 1 000", async () => {
    const ids = await seed(Array.from({ length: 1005 }, (_, i) => ({ studentName: i % 2 ? "Mona Zaki" : "منى زكي" })));
    const newestFirst = [...ids].reverse();
    const latin = await listEnrollments(admin, { q: "mona" });
    expect(latin).toMatchObject({ total: 502, capped: false, pageCount: 26 });
    const all = await listEnrollments(admin, { q: "student" }); // every email is studentN@example.com
    expect(all).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true, pageCount: 50 });
    expect(all.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 20));
    const last = await listEnrollments(admin, { q: "student", page: 80 });
    expect(last).toMatchObject({ page: 50, capped: true });
    expect(last.rows.map((r) => r.id)).toEqual(newestFirst.slice(980, 1000));
    // Without a search the count is exact (from the status counts), and the last page is the oldest.
    const plain = await listEnrollments(admin, { page: 51 });
    expect(plain).toMatchObject({ total: 1005, capped: false, pageCount: 51 });
    expect(plain.rows.map((r) => r.id)).toEqual(newestFirst.slice(1000));
    // A query that folds to nothing (only tashkeel) is no search.
    expect(await listEnrollments(admin, { q: "\u064e\u0651" })).toMatchObject({ total: 1005, capped: false });
  });

  it("returns every field of one enrollment", async () => {
    const [id] = await seed([{ message: "Evenings, please", studentName: "سارة محمود", locale: "ar" }]);
    const row = await getEnrollment(admin, id!);
    expect(row).toMatchObject({
      id,
      enrollmentId: "ENR-TEST00000-ABC",
      courseId,
      courseName: "Digital Marketing Essentials",
      studentName: "سارة محمود",
      studentEmail: "student0@example.com",
      studentPhone: "+20 1000000000",
      currentLevel: null,
      preferredSchedule: null,
      message: "Evenings, please",
      locale: "ar",
      status: "pending",
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(await getEnrollment(admin, crypto.randomUUID())).toBeNull();
    expect(await getEnrollment(admin, "not-a-uuid")).toBeNull();
  });
});

describe("approve and reject", () => {
  let smtp: TestSmtpServer;
  let transport: ReturnType<typeof smtpTransport>;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    transport = smtpTransport(smtp.url);
  });
  afterEach(async () => {
    transport.close();
    await smtp.stop();
  });

  /** Sends every queued email, the decisions' included once their undo window has passed. */
  async function deliverAll() {
    const clock = createTestClock();
    const worker = createOutboxWorker({
      db: database.db,
      transport,
      from: '"Nile Academy" <no-reply@academy.test>',
      logger: { info() {}, warn() {}, error() {} },
      clock,
    });
    await drainOutbox(worker, database.db, clock);
  }

  it("bulk reject of 3 rows changes exactly those 3, with an audit line and an email each", async () => {
    const ids = await seed(Array.from({ length: 6 }, () => ({})));
    const chosen = [ids[0]!, ids[2]!, ids[4]!];
    const auditBefore = await countOf(auditLog);
    const result = await setEnrollmentStatus(admin, chosen, "rejected");
    expect(result.requested).toBe(3);
    expect(result.changed.map((c) => c.id).sort()).toEqual([...chosen].sort());

    const after = await statusesOf(ids);
    for (const id of ids) expect(after[id], id).toBe(chosen.includes(id) ? "rejected" : "pending");
    expect(await enrollmentCounters(admin)).toEqual({ total: 6, pending: 3, approved: 0, rejected: 3, waiting: 0, expired: 0, withdrawn: 0 });

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, "enrollment"));
    expect(await countOf(auditLog)).toBe(auditBefore + 3);
    expect(audit.map((a) => a.entityId).sort()).toEqual([...chosen].sort());
    expect(audit.every((a) => a.action === "reject" && a.actorEmail === "admin@example.com")).toBe(true);
    expect(audit[0]!.data).toMatchObject({ from: "pending", to: "rejected", bulk: true, ip: "198.51.100.9" });

    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["student0@example.com", "student2@example.com", "student4@example.com"]);
    expect(mails.every((m) => m.kind === "enrollment-rejected")).toBe(true);

    // A bulk with some rows no longer pending changes only the pending ones.
    const mixed = await setEnrollmentStatus(admin, [ids[0]!, ids[1]!], "approved");
    expect(mixed).toMatchObject({ requested: 2, changed: [{ id: ids[1] }] });
    expect((await statusesOf([ids[0]!]))[ids[0]!]).toBe("rejected");
  });

  it("refuses to approve a row that is no longer pending, with the message, and changes nothing", async () => {
    const [id] = await seed([{}]);
    await setEnrollmentStatus(admin, [id!], "rejected");
    const [before] = await database.db.select().from(enrollments).where(eq(enrollments.id, id!));
    const audit = await countOf(auditLog);
    const outbox = await countOf(emailOutbox);

    // Decided meanwhile (another tab, a colleague): the refusal says who decided it, and when (issue 35 item 6).
    const refusal = await expectCode(setEnrollmentStatus(admin, [id!], "approved"), "conflict", "adminEnrollments.errors.decidedMeanwhile");
    expect(refusal.conflict).toMatchObject({ by: admin.email });
    const [after] = await database.db.select().from(enrollments).where(eq(enrollments.id, id!));
    expect(after).toEqual(before);
    expect(await countOf(auditLog)).toBe(audit);
    expect(await countOf(emailOutbox)).toBe(outbox);

    // The same through the page action: 409 and SPEC's wording with the reason, in both languages.
    const res = await run(admin, { intent: "approve", id: id! });
    expect(res.status).toBe(409);
    expect(failureMessage(tEn, res.data)).toMatch(
      new RegExp(`^Failed to update enrollment status: This enrollment is no longer pending: \u2068${admin.email}\u2069 decided it at [A-Z][a-z]{2} \\d+, \\d{4}, \\d+:\\d{2} [AP]M\\.$`),
    );
    expect(failureMessage(tAr, res.data, "ar")).toMatch(
      new RegExp(`^تعذّر تحديث حالة طلب التسجيل: لم يعد طلب التسجيل هذا قيد المراجعة: بتّ فيه \u2068${admin.email}\u2069 في [0-9/\u200f]+، [0-9:]+ [صم]\\.$`),
    );
    expect((await statusesOf([id!]))[id!]).toBe("rejected");

    // Unknown rows, an empty or oversized selection and a bad status are refused too.
    await expectCode(setEnrollmentStatus(admin, [crypto.randomUUID()], "approved"), "not_found", "adminEnrollments.errors.notFound");
    await expectCode(setEnrollmentStatus(admin, [], "approved"), "bad_request", "adminEnrollments.errors.selectionInvalid");
    await expectCode(
      setEnrollmentStatus(admin, Array.from({ length: 101 }, () => crypto.randomUUID()), "approved"),
      "bad_request",
      "adminEnrollments.errors.selectionInvalid",
    );
    await expectCode(setEnrollmentStatus(admin, [id!], "pending" as "approved"), "bad_request", "adminEnrollments.errors.invalidRequest");
  });

  it("only one of two concurrent approvals of the same row wins", async () => {
    // On PostgreSQL the two transactions really overlap (the second waits for the first's row lock);
    // PGlite runs them one after the other. Either way the second finds the row no longer pending.
    const [id] = await seed([{}]);
    const outcomes = await Promise.allSettled([
      setEnrollmentStatus(admin, [id!], "approved"),
      setEnrollmentStatus(admin, [id!], "rejected"),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(1);
    expect(await countOf(emailOutbox)).toBe(1);
  });

  it("emails the student in their own language when approved or rejected, delivered over SMTP", async () => {
    // A real public enrollment (its own confirmation emails first), in Arabic.
    const { enrollmentId } = await createEnrollment(
      {
        studentName: "ليلى حسن",
        studentEmail: "layla@example.com",
        countryCode: "+20",
        phoneNumber: "01012345678",
        message: undefined,
        courseId,
        website: "",
      },
      { locale: "ar" },
    );
    const [english] = await seed([{ studentName: "Tom Baker", studentEmail: "tom@example.com", locale: "en" }]);
    await deliverAll();
    const before = smtp.messages.length;

    const [layla] = await database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId));
    await setEnrollmentStatus(admin, [layla!.id], "approved");
    await setEnrollmentStatus(admin, [english!], "rejected");
    await deliverAll();
    await smtp.waitFor(before + 2);

    const arMail = smtp.messages.slice(before).find((m) => m.to.includes("layla@example.com"))!;
    expect(arMail.subject).toBe(`تم قبول تسجيلك في دورة Digital Marketing Essentials (${enrollmentId})`);
    expect(arMail.text).toContain("مرحبًا ليلى حسن،");
    expect(arMail.text).toContain("أخبار سارة! تم قبول طلب تسجيلك في دورة Digital Marketing Essentials.");
    expect(arMail.html).toContain('dir="rtl"');
    expect(arMail.html).toContain('lang="ar"');
    expect(arMail.headers["reply-to"]).toContain("info@nileacademy.example");

    const enMail = smtp.messages.slice(before).find((m) => m.to.includes("tom@example.com"))!;
    expect(enMail.subject).toBe("About your enrollment request for Digital Marketing Essentials (ENR-TEST00000-ABC)");
    expect(enMail.text).toContain("Hello Tom Baker,");
    expect(enMail.text).toContain("we cannot approve your enrollment request at this time");
    expect(enMail.html).toContain('dir="ltr"');
  });

  // ---- the page action, called as React Router calls it ----

  const run = (actor: Actor | null, form: Record<string, string | string[]>) => callAction(pageAction, { url: "/admin/enrollments", form, actor });

  it("approves and bulk-rejects through the page action; bad requests get 400", async () => {
    const ids = await seed(Array.from({ length: 4 }, () => ({})));
    const one = await run(admin, { intent: "approve", id: ids[0]! });
    expect(one.status).toBe(200);
    expect(one.data).toEqual({
      intent: "approve",
      ok: true,
      id: ids[0],
      status: "approved",
      changed: 1,
      requested: 1,
      ids: [ids[0]],
      noCourse: 0,
      undoSeconds: 30,
      // This test's site has no mail server: the reply says nothing leaves (issue 36 item 16).
      mailOff: true,
      // Issue 20: what it moved from, and whether it went beyond a run's seats (no run here).
      from: "pending",
      overCapacity: false,
    });
    const bulk = await run(admin, { intent: "bulkReject", ids: [ids[1]!, ids[2]!] });
    expect(bulk.data).toMatchObject({ ok: true, status: "rejected", changed: 2, requested: 2 });
    expect(await statusesOf(ids)).toEqual({ [ids[0]!]: "approved", [ids[1]!]: "rejected", [ids[2]!]: "rejected", [ids[3]!]: "pending" });

    expect((await run(admin, { intent: "__probe__" })).status).toBe(400);
    expect((await run(admin, { intent: "approve", id: "1; drop table enrollments" })).status).toBe(400);
    expect((await run(admin, { intent: "bulkApprove" })).data).toMatchObject({ messageKey: "adminEnrollments.errors.selectionInvalid" });
    expect((await statusesOf([ids[3]!]))[ids[3]!]).toBe("pending");
  });

  it("refuses view, edit and export without the flag, at the domain and at the routes", async () => {
    expect(adminPage("/admin/enrollments").access).toBe("enrollments:view");
    expect(adminPage("/admin/enrollments/export.csv").access).toBe("enrollments:export");
    const [id] = await seed([{}]);
    const nobody = await manager("nobody@example.com", ["courses:view"]);

    await expectCode(listEnrollments(nobody, {}), "forbidden", "admin.errors.forbidden");
    await expectCode(enrollmentCounters(nobody), "forbidden", "admin.errors.forbidden");
    await expectCode(getEnrollment(nobody, id!), "forbidden", "admin.errors.forbidden");
    await expectCode(setEnrollmentStatus(nobody, [id!], "approved"), "forbidden", "admin.errors.forbidden");
    await expectCode(streamEnrollmentsCsv(nobody, {}, { locale: "en" }), "forbidden", "admin.errors.forbidden");
    const load = (actor: Actor | null) => callLoader(pageLoader, { url: "/admin/enrollments", actor });
    const download = (actor: Actor | null) => callLoader(exportLoader, { url: "/admin/enrollments/export.csv", actor });
    expect((await load(nobody)).status).toBe(403);
    expect((await run(nobody, { intent: "approve", id: id! })).status).toBe(403);

    // View only: the page loads, but approving is refused (403) and changes nothing; no export.
    const viewer = await manager("viewer@example.com", ["enrollments:view"]);
    const page = (await load(viewer)).data!;
    expect(page.counters).toEqual({ total: 1, pending: 1, approved: 0, rejected: 0, waiting: 0, expired: 0, withdrawn: 0 });
    expect(page.list.rows.map((r) => r.id)).toEqual([id]);
    const refused = await run(viewer, { intent: "approve", id: id! });
    expect(refused.status).toBe(403);
    expect(refused.data!.messageKey).toBe("admin.errors.forbidden");
    expect((await statusesOf([id!]))[id!]).toBe("pending");
    expect(await countOf(emailOutbox)).toBe(0);
    const denied = await download(viewer);
    expect(denied.status).toBe(403);
    // Said as "You don't have permission to export enrollments." by the root's appErrors middleware
    // (tests/integration/app-errors.test.ts; the real server in admin-enrollments.e2e).
    expect(denied.error?.messageKey).toBe("adminEnrollments.export.forbidden");

    // Anonymous: to /login.
    expect((await download(ANONYMOUS)).status).toBe(302);

    // With edit and export: both work.
    const editor = await manager("editor@example.com", ["enrollments:view", "enrollments:edit", "enrollments:export"]);
    expect((await run(editor, { intent: "approve", id: id! })).status).toBe(200);
    const csv = (await download(editor)).response!;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="${csvFilename()}"`);
    expect(parseCsv((await csv.text()).replace(/^\uFEFF/, ""))).toHaveLength(2);
  });

  it("opens the details by URL (no JavaScript) even when the row is on another page", async () => {
    const ids = await seed(Array.from({ length: 25 }, () => ({})));
    const oldest = ids[0]!;
    const page = (await callLoader(pageLoader, { url: `/admin/enrollments?dialog=details&enrollment=${oldest}`, actor: admin })).data!;
    expect(page.list.rows.some((r) => r.id === oldest)).toBe(false);
    expect(page.details).toMatchObject({ id: oldest, enrollmentId: "ENR-TEST00000-ABC" });
  });
});

describe("CSV export", () => {
  it("streams 1 000 enrollments as UTF-8 CSV with a BOM, the header, Arabic intact and formulas neutralised", async () => {
    const names = ["محمد عبد الرحمن", "فاطمة الزهراء", "Ahmed O'Neil", 'Sara "Sue" Ali', "نور, الهدى"];
    const rows: Seed[] = Array.from({ length: 1000 }, (_, i) => ({
      studentName: names[i % names.length]!,
      locale: i % 2 ? "ar" : "en",
      message: i === 10 ? "Line one\nLine two, with a comma" : null,
    }));
    rows[500] = { studentName: "=HYPERLINK(\"http://evil.test\",\"click\")", message: "@SUM(A1:A2)" };
    rows[501] = { studentName: "-2+3", courseName: "+cmd|' /C calc'!A0" };
    rows[502] = { studentPhone: "=1+1" };
    await seed(rows);

    const stream = await streamEnrollmentsCsv(admin, {}, { locale: "en", batchSize: 300 });
    const { bytes, chunks } = await readAll(stream);
    // Streamed in batches: the header, then one chunk per batch of 300 rows (4 batches).
    expect(chunks).toBe(5);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFEnrollment ID,Status,")).toBe(true);
    expect(text.includes("\r\n")).toBe(true);
    const table = parseCsv(text.slice(1));
    const [header, ...data] = table;
    expect(header).toEqual([
      "Enrollment ID",
      "Status",
      "Submitted (Cairo time)",
      "Student name",
      "Student email",
      "Student phone",
      "Course",
      // The run asked for (issue 20), its start in Cairo time.
      "Run start (Cairo)",
      "Message",
      "Language",
      "Current level",
      "Preferred schedule",
      "Last updated (Cairo time)",
      // Where each request came from (issue 19 point 10, ADR 021).
      // Labelled as the request's details name them, no raw utm_* names (issue 36 item 16).
      "Sent from",
      "Campaign source (utm_source)",
      "Medium (utm_medium)",
      "Campaign (utm_campaign)",
      "Term (utm_term)",
      "Content (utm_content)",
      "Referring site",
    ]);
    expect(header).toHaveLength(CSV_COLUMNS.length);
    expect(data).toHaveLength(1000);
    expect(data.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
    const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);

    // Newest first, every row once.
    expect(data[0]![col("enrollmentId")]).toBe("ENR-TEST00999-ABC");
    expect(data[999]![col("enrollmentId")]).toBe("ENR-TEST00000-ABC");
    expect(new Set(data.map((r) => r[col("enrollmentId")])).size).toBe(1000);
    // Arabic, quotes, commas and line breaks survive.
    const byId = (n: number) => data.find((r) => r[col("enrollmentId")] === `ENR-TEST${String(n).padStart(5, "0")}-ABC`)!;
    expect(byId(0)[col("studentName")]).toBe("محمد عبد الرحمن");
    expect(byId(1)[col("studentName")]).toBe("فاطمة الزهراء");
    expect(byId(3)[col("studentName")]).toBe('Sara "Sue" Ali');
    expect(byId(4)[col("studentName")]).toBe("نور, الهدى");
    expect(byId(10)[col("message")]).toBe("Line one\nLine two, with a comma");
    expect(byId(1)[col("language")]).toBe("Arabic");
    expect(byId(0)[col("status")]).toBe("Pending");
    // Cairo time as a spreadsheet reads a date (08:00 UTC is 10:00 in Cairo in March).
    expect(byId(0)[col("createdAt")]).toBe("2025-03-01 10:00");
    // Formula injection: a leading apostrophe (OWASP). A phone number keeps its "+" without an apostrophe,
    // inside left-to-right isolates, so the cell does not start with "+"; anything else there is neutralised.
    expect(byId(500)[col("studentName")]).toBe("'=HYPERLINK(\"http://evil.test\",\"click\")");
    expect(byId(500)[col("message")]).toBe("'@SUM(A1:A2)");
    expect(byId(501)[col("studentName")]).toBe("'-2+3");
    expect(byId(501)[col("courseName")]).toBe("'+cmd|' /C calc'!A0");
    // Dialable and kept as text: the national form, no "+", no invisible marks (issue 36 item 16).
    expect(byId(0)[col("studentPhone")]).toBe("010 0000 0000");
    expect(byId(502)[col("studentPhone")]).toBe("'=1+1");
    expect(data.every((r) => r.every((cell) => !/^[=+\-@]/.test(cell)))).toBe(true);

    // The export is in the audit log.
    const [exported] = await database.db.select().from(auditLog).where(and(eq(auditLog.entity, "enrollment"), eq(auditLog.action, "export")));
    expect(exported?.data).toMatchObject({ format: "csv", q: "", status: "all" });
  });

  it("exports the current filtered view, with Arabic headers and labels for an Arabic user", async () => {
    await seed([
      { studentName: "أحمد علي", status: "approved", createdAt: new Date("2025-07-01T08:00:00Z") },
      { studentName: "احمد سمير", status: "pending" },
      { studentName: "Mona", status: "approved" },
    ]);
    const { bytes } = await readAll(await streamEnrollmentsCsv(admin, { q: "أحمد", status: "approved" }, { locale: "ar" }));
    const [header, ...data] = parseCsv(bytes.toString("utf8").replace(/^\uFEFF/, ""));
    expect(header![0]).toBe("رقم طلب التسجيل");
    expect(header![2]).toBe("تاريخ الطلب (بتوقيت القاهرة)");
    expect(data).toHaveLength(1);
    expect(data[0]![3]).toBe("أحمد علي");
    expect(data[0]![1]).toBe("مقبول");
    // Summer time in Cairo (UTC+3 in July), Western digits in the Arabic file too.
    expect(data[0]![2]).toBe("2025-07-01 11:00");
    // An empty result is still a valid file: the BOM and the header.
    const empty = await readAll(await streamEnrollmentsCsv(admin, { q: "nobody-at-all" }, { locale: "en" }));
    expect(parseCsv(empty.bytes.toString("utf8").replace(/^\uFEFF/, ""))).toHaveLength(1);
  });

  it("quotes and neutralises single cells as RFC 4180 and OWASP say", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("=A1,B1")).toBe("\"'=A1,B1\"");
    expect(csvCell(null)).toBe("");
    // Phone numbers a sheet keeps as text and a phone dials (issue 36 item 16): Egyptian ones in their
    // national form, others with Egypt's international prefix 00, never a "+" or a direction mark.
    expect(csvPhoneCell("+201012345678")).toBe("010 1234 5678");
    expect(csvPhoneCell("+20 (10) 1234-5678")).toBe("010 1234 5678");
    expect(csvPhoneCell("+20212345678")).toBe("02 1234 5678");
    expect(csvPhoneCell("+966501234567")).toBe("00966 50 123 4567");
    for (const n of ["+201012345678", "+966501234567", "+4915112345678"]) expect(csvPhoneCell(n)).not.toMatch(/[\u2066-\u2069+']/);
    expect(csvPhoneCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvPhoneCell("-2+3*4")).toBe("'-2+3*4");
    expect(csvPhoneCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvPhoneCell("")).toBe("");
    expect(csvPhoneCell(null)).toBe("");
    expect(csvFilename(new Date("2025-12-31T23:30:00Z"))).toBe("enrollments-2026-01-01.csv"); // Cairo is ahead of UTC
  });
});
