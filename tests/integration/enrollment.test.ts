// Enrollment requests and contact messages against a real database (PGlite, or PostgreSQL with
// TEST_DB=pg), with their emails delivered by the outbox worker to an in-process SMTP server.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { contactMessages, courses, emailOutbox, enrollments, siteSettings, user } from "@db/schema/index.ts";
import { seedDefaults, seedDemoSettings } from "@db/seed/demo.ts";
import { createContactMessage } from "~/features/contact/contact.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { COUNTRY_CODES, enrollmentSchema, type EnrollmentInput } from "~/features/enrollments/enrollment.schema.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import type * as EnvModule from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { createOutboxWorker, smtpTransport } from "~/lib/outbox.server.ts";
import { caught } from "../setup/actors.ts";
import { createTestClock, type TestClock } from "../setup/clock.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { encodeReadable } from "~/lib/readable-code.server.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { drainOutbox } from "../setup/outbox.ts";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../setup/smtp.ts";

// NOTIFY_EMAIL is read through env(), which caches process.env; the fallback tests switch it here.
const notify = vi.hoisted(() => ({ email: undefined as string | undefined }));
vi.mock("~/lib/env.server.ts", async (importOriginal) => {
  const orig = await importOriginal<typeof EnvModule>();
  return { ...orig, env: () => ({ ...orig.env(), NOTIFY_EMAIL: notify.email }) };
});

// A started app exposes its outbox worker through appState(); here a fake one records wake() calls
// (and what was committed at that moment). Unset, appState() throws as in an app that is not started.
const app = vi.hoisted(() => ({ wake: undefined as (() => void) | undefined }));
vi.mock("~/lib/app.server.ts", () => ({
  appState: () => {
    if (!app.wake) throw new Error("App is not started");
    return { worker: { wake: app.wake } };
  },
}));

const FROM = '"Nile Academy" <no-reply@academy.test>';
const INBOX = "info@nileacademy.example"; // the seeded `contact.email` site setting
const silent = { info() {}, warn() {}, error() {} };

let smtp: TestSmtpServer;
let transport: ReturnType<typeof smtpTransport>;
let clock: TestClock;
let publishedId: string;
let draftId: string;

const database = setUpTestDatabase();
beforeEach(async () => {
  notify.email = undefined;
  app.wake = undefined;
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  // The demo's contact details: the provider inbox these tests mail (issue 33: the defaults have none).
  await seedDemoSettings(database.db);
  const rows = await database.db
    .insert(courses)
    .values([
      { title: "Digital Marketing Essentials", slug: "digital-marketing", language: "en", isPublished: true, price: 1500 },
      { title: "Secret Draft Course", slug: "secret-draft", language: "ar", isPublished: false },
    ])
    .returning({ id: courses.id });
  publishedId = rows[0]!.id;
  draftId = rows[1]!.id;
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
  clock = createTestClock();
});
afterEach(async () => {
  transport.close();
  await smtp.stop();
});

function worker(extra: Partial<Parameters<typeof createOutboxWorker>[0]> = {}) {
  return createOutboxWorker({ db: database.db, transport, from: FROM, logger: silent, backoffBaseMs: 50, clock, ...extra });
}

function input(patch: Partial<EnrollmentInput> = {}): EnrollmentInput {
  return {
    studentName: "Sara Ahmed",
    studentEmail: "sara@example.com",
    countryCode: "+20",
    phoneNumber: "010 1234 5678",
    message: "I prefer evening sessions.",
    courseId: publishedId,
    website: "",
    ...patch,
  };
}

async function counts() {
  const [e] = await database.db.select({ n: sql<number>`count(*)::int` }).from(enrollments);
  const [o] = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
  return { enrollments: e?.n, outbox: o?.n };
}

function mailTo(address: string): ReceivedMail {
  const mail = smtp.messages.find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}; got ${smtp.messages.map((m) => m.to.join(",")).join(" | ")}`);
  return mail;
}

describe("createEnrollment", () => {
  it("stores a pending enrollment and queues the notification and an Arabic confirmation in one go", async () => {
    const { enrollmentId } = await createEnrollment(input({ message: "أفضّل المواعيد المسائية" }), { locale: "ar" });
    // Read aloud on the phone: no 0/O, 1/I/L (issue 36 item 6).
    expect(enrollmentId).toMatch(/^ENR-[2-9A-HJKMNP-Z]{8,}-[2-9A-HJKMNP-Z]{6}$/);

    const rows = await database.db.select().from(enrollments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      enrollmentId,
      courseId: publishedId,
      courseName: "Digital Marketing Essentials",
      studentName: "Sara Ahmed",
      studentEmail: "sara@example.com",
      studentPhone: "+201012345678", // D26: E.164
      message: "أفضّل المواعيد المسائية",
      locale: "ar",
      status: "pending",
      currentLevel: null,
      preferredSchedule: null,
    });

    const outbox = await database.db.select().from(emailOutbox).orderBy(emailOutbox.kind);
    expect(outbox.map((r) => [r.kind, r.toAddress, r.replyTo, r.status])).toEqual([
      ["enrollment-confirmation", "sara@example.com", INBOX, "pending"],
      ["enrollment-notification", INBOX, "sara@example.com", "pending"],
    ]);

    // Nothing was sent yet: the worker sends after commit.
    expect(smtp.messages).toHaveLength(0);
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 2, failed: 0, retried: 0 });
    await smtp.waitFor(2);

    // From an Arabic page, and the inbox is no staff account with a saved language: the notification is
    // in the student's language, its link opens the admin area in Arabic (D19 revised).
    const notification = mailTo(INBOX);
    expect(notification.subject).toBe(
      tAr("enrollmentEmails.notification.subject", { course: "Digital Marketing Essentials", id: enrollmentId }),
    );
    expect(notification.subject).toContain(enrollmentId);
    expect(notification.headers["reply-to"]).toContain("sara@example.com");
    // SPEC §7: student_name, student_email, student_phone, course_name, course_id, message, enrollment_id.
    const text = (notification.text ?? "").replace(/\r\n/g, "\n");
    const f = "enrollmentEmails.notification.fields";
    expect(text).toContain(`${tAr(`${f}.studentName`)}: Sara Ahmed`);
    expect(text).toContain(`${tAr(`${f}.studentEmail`)}: sara@example.com`);
    expect(text).toContain("+20 10 1234 5678");
    expect(text).toContain(`${tAr(`${f}.courseName`)}: Digital Marketing Essentials`);
    expect(text).toContain(`${tAr(`${f}.courseId`)}: ${publishedId}`);
    expect(text).toContain(`${tAr(`${f}.message`)}: أفضّل المواعيد المسائية`);
    // The reference keeps its order inside Arabic text: a left-to-right isolate (the phone's too, below).
    expect(text).toContain(`${tAr(`${f}.enrollmentId`)}: \u2066${enrollmentId}\u2069`);
    expect(text).toContain(`${tAr(`${f}.language`)}: ${tAr("enrollmentEmails.languageNames.ar")}`);
    expect(text).toContain("أكاديمية النيل");
    expect(text).toMatch(/\/admin\/enrollments\?lang=ar/);
    expect(notification.html).toContain('lang="ar"');

    const confirmation = mailTo("sara@example.com");
    const arabicSubject = tAr("enrollmentEmails.confirmation.subject", { course: "Digital Marketing Essentials", id: enrollmentId });
    expect(arabicSubject).toMatch(/[\u0600-\u06ff]/);
    expect(confirmation.subject).toBe(arabicSubject);
    expect(confirmation.headers["reply-to"]).toContain(INBOX);
    expect(confirmation.text).toContain(tAr("enrollmentEmails.confirmation.heading"));
    expect(confirmation.text).toContain("أكاديمية النيل");
    expect(confirmation.text).toContain(tAr("enrollmentEmails.confirmation.idNote", { id: `\u2066${enrollmentId}\u2069` }));
    expect(confirmation.html).toContain(`<span dir="ltr" style="unicode-bidi:isolate;">${enrollmentId}</span>`);
    expect(confirmation.html).toContain('dir="rtl"');
    // Its link opens the course page in Arabic.
    expect(confirmation.text).toMatch(/\/ar\/courses\/[a-z0-9-]+/);
    // The phone in the Arabic email: grouped, isolated left to right so it does not read backwards.
    expect(confirmation.text).toContain("\u2066+20 10 1234 5678\u2069");

    const sent = await database.db.select().from(emailOutbox);
    expect(sent.every((r) => r.status === "sent")).toBe(true);
  });

  it("writes 'No additional message' when the student leaves the message empty; English confirmation", async () => {
    const { enrollmentId } = await createEnrollment(input({ message: undefined, countryCode: "+966", phoneNumber: "(05) 1234-567" }), {
      locale: "en",
    });
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId));
    expect(row?.message).toBeNull();
    expect(row?.studentPhone).toBe("+96651234567"); // D26: E.164, the trunk 0 dropped
    expect(row?.locale).toBe("en");

    await worker().runOnce();
    await smtp.waitFor(2);
    expect(mailTo(INBOX).text).toContain("Message: No additional message");
    const confirmation = mailTo("sara@example.com");
    expect(confirmation.subject).toBe(
      `We received your enrollment request for Digital Marketing Essentials (${enrollmentId})`,
    );
    expect(confirmation.text).toContain("Hello Sara Ahmed,");
  });

  it("stores a number typed in Arabic-Indic digits, or pasted with +20 / 0020, in E.164 (D26)", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ phoneNumber: "٠١٠١٢٣٤٥٦٧٨" }, "+201012345678"],
      [{ phoneNumber: "٠١٠ ١٢٣٤ ٥٦٧٨", countryCode: "+20" }, "+201012345678"],
      [{ phoneNumber: "+20 10 1234 5678", countryCode: "+966" }, "+201012345678"],
      [{ phoneNumber: "0020-111-234-5678" }, "+201112345678"],
      [{ phoneNumber: "050 123 4567", countryCode: "+966" }, "+966501234567"],
    ];
    for (const [i, [fields, stored]] of cases.entries()) {
      // As the form posts it (strings in FormData, read by Conform as the route's action does). One email
      // each: the same email and course within ten minutes is the same request (issue 34 item 10).
      const form = new FormData();
      const studentEmail = `sara${i}@example.com`;
      for (const [name, value] of Object.entries({ studentName: "سارة أحمد", studentEmail, courseId: publishedId, ...fields })) {
        form.append(name, value);
      }
      const submission = parseWithZod(form, { schema: enrollmentSchema });
      expect(submission.status, JSON.stringify(fields)).toBe("success");
      if (submission.status !== "success") continue;
      const { enrollmentId } = await createEnrollment(submission.value, { locale: "ar" });
      const [row] = await database.db.select().from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId));
      expect(row?.studentPhone, JSON.stringify(fields)).toBe(stored);
    }
  });

  it("refuses a phone number that is not Egyptian-valid nor international, with the en and ar messages", async () => {
    for (const [phoneNumber, countryCode, key] of [
      ["٠١٠١٢٣٤٥٦٧", "+20", "enrollment.errors.phoneEgyptInvalid"],
      ["+966 1234", "+20", "enrollment.errors.phoneInternationalInvalid"],
      ["010.1234.5678", "+20", "enrollment.errors.phoneInvalid"],
    ] as const) {
      const err = await caught(createEnrollment(input({ phoneNumber, countryCode }), { locale: "ar" }));
      expect(err.code).toBe("bad_request");
      expect(err.fields).toEqual({ phoneNumber: key });
      expect(tEn(key)).not.toBe(key);
      expect(tAr(key)).toMatch(/[\u0600-\u06ff]/);
    }
    expect(await counts()).toEqual({ enrollments: 0, outbox: 0 });
  });

  it("escapes the visitor's text in the HTML emails", async () => {
    // A name is letters only since issue 34 (markup is refused before it is stored); its apostrophe is
    // still escaped, and the free-text message, which may hold anything, too.
    await createEnrollment(input({ studentName: "Sara O'Brien", message: '<script>alert(1)</script><img src=x onerror="alert(1)">' }), {
      locale: "en",
    });
    await worker().runOnce();
    await smtp.waitFor(2);
    for (const mail of smtp.messages) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<img src=x");
      expect(mail.html).toContain("Sara O&#39;Brien");
    }
    expect(mailTo(INBOX).html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mailTo(INBOX).html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it.each([
    ["a draft course", () => draftId],
    ["an unknown course", () => "3f1c2a9e-5b7d-4c8a-9e2f-1a2b3c4d5e6f"],
  ])("refuses %s with not_found and writes nothing", async (_label, courseId) => {
    const err = await caught(createEnrollment(input({ courseId: courseId() }), { locale: "en" }));
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("not_found");
    expect(err.status).toBe(404);
    expect(err.messageKey).toBe("enrollment.errors.courseUnavailable");
    expect(await counts()).toEqual({ enrollments: 0, outbox: 0 });
  });

  it("re-checks its input: invalid data is a bad_request with field keys and writes nothing", async () => {
    const err = await caught(
      createEnrollment({ ...input(), studentEmail: "not-an-email", phoneNumber: "12" } as EnrollmentInput, { locale: "en" }),
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("bad_request");
    expect(err.fields).toEqual({
      studentEmail: "enrollment.errors.emailInvalid",
      phoneNumber: "enrollment.errors.phoneEgyptInvalid",
    });
    expect(await counts()).toEqual({ enrollments: 0, outbox: 0 });
  });

  it("sends the notification to NOTIFY_EMAIL when the site has no contact email", async () => {
    await database.db.delete(siteSettings).where(eq(siteSettings.key, "contact"));
    notify.email = "office@academy.test";
    await createEnrollment(input(), { locale: "en" });
    const rows = await database.db.select().from(emailOutbox).orderBy(emailOutbox.kind);
    expect(rows.map((r) => [r.kind, r.toAddress, r.replyTo])).toEqual([
      ["enrollment-confirmation", "sara@example.com", "office@academy.test"],
      ["enrollment-notification", "office@academy.test", "sara@example.com"],
    ]);
  });

  it("without any provider inbox keeps the lead and the confirmation, skips the notification and warns", async () => {
    await database.db.delete(siteSettings).where(eq(siteSettings.key, "contact"));
    const warn = vi.spyOn(logger, "warn");
    try {
      const { enrollmentId } = await createEnrollment(input(), { locale: "en" });
      expect(await counts()).toEqual({ enrollments: 1, outbox: 1 });
      const [row] = await database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ kind: "enrollment-confirmation", toAddress: "sara@example.com", replyTo: null });
      expect(warn).toHaveBeenCalledWith({ enrollmentId }, expect.stringContaining("notification not queued"));
    } finally {
      warn.mockRestore();
    }
  });

  it("gives every enrollment its own id, also within the same millisecond", async () => {
    const now = vi.spyOn(Date, "now").mockReturnValue(1_750_000_000_000);
    try {
      const ids = await Promise.all(
        COUNTRY_CODES.slice(0, 8).map((c, i) =>
          createEnrollment(input({ countryCode: c.code, studentEmail: `s${i}@example.com` }), { locale: "en" }),
        ),
      );
      const set = new Set(ids.map((r) => r.enrollmentId));
      expect(set.size).toBe(8);
      for (const id of set) expect(id.startsWith(`ENR-${encodeReadable(1_750_000_000_000)}-`)).toBe(true);
    } finally {
      now.mockRestore();
    }
  });

  it("wakes the running outbox worker after the enrollment is committed", async () => {
    const seen: Promise<number>[] = [];
    app.wake = () => {
      // A separate query outside the transaction sees the rows only once they are committed.
      seen.push(database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).then((r) => r[0]?.n ?? -1));
    };
    await createEnrollment(input(), { locale: "en" });
    await createContactMessage({ name: "Omar", email: "omar@example.com", message: "Hi" }, { locale: "en" });
    expect(await Promise.all(seen)).toEqual([2, 3]);
  });

  it("SMTP down: 20 enrollments succeed, and all 40 emails arrive exactly once when it is back", async () => {
    const port = smtp.port;
    transport.close();
    await smtp.stop();
    transport = smtpTransport(`smtp://127.0.0.1:${port}`);

    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { enrollmentId } = await createEnrollment(
        input({ studentName: `Student ${String.fromCharCode(65 + i)}`, studentEmail: `student${i}@example.com` }),
        { locale: i % 2 ? "ar" : "en" },
      );
      ids.push(enrollmentId);
    }
    expect(new Set(ids).size).toBe(20);
    expect(await counts()).toEqual({ enrollments: 20, outbox: 40 });

    // The worker tries while the server is down: every email is kept for a retry, none lost.
    const w = worker({ batchSize: 40 });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 40 });
    const afterFailure = await database.db.select().from(emailOutbox);
    expect(afterFailure.every((r) => r.status === "pending" && r.attempts === 1 && /ECONNREFUSED|connect/i.test(r.lastError ?? ""))).toBe(true);

    smtp = await startSmtpServer({ port });
    await drainOutbox(w, database.db, clock);
    await smtp.waitFor(40);
    // Every run has ended, and the test SMTP server records a message before acknowledging it: nothing more can arrive.
    expect(smtp.messages).toHaveLength(40);

    // Exactly once: 40 distinct messages, each enrollment id in one notification and one confirmation.
    expect(new Set(smtp.messages.map((m) => m.headers["message-id"])).size).toBe(40);
    for (const [i, id] of ids.entries()) {
      const withId = smtp.messages.filter((m) => m.subject.includes(id));
      expect(withId.map((m) => m.to[0]).sort()).toEqual([INBOX, `student${i}@example.com`].sort());
    }
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts >= 2 && r.lastError === null)).toBe(true);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
  });
});

describe("createContactMessage", () => {
  it("stores the message with its language and emails the provider with reply-to the visitor", async () => {
    const { id } = await createContactMessage(
      { name: "Omar Hassan", email: "omar@example.com", message: "Do you offer weekend classes?\nThanks", website: "" },
      { locale: "ar" },
    );
    const rows = await database.db.select().from(contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({ id, name: "Omar Hassan", email: "omar@example.com", message: "Do you offer weekend classes?\nThanks", locale: "ar", readAt: null }),
    ]);
    const outbox = await database.db.select().from(emailOutbox);
    expect(outbox.map((r) => [r.kind, r.toAddress, r.replyTo])).toEqual([["contact-message", INBOX, "omar@example.com"]]);

    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([INBOX]);
    // Written from an Arabic page to an inbox without a staff account: Arabic, link to the admin in Arabic.
    expect(mail?.subject).toBe(tAr("contact.email.subject", { name: "Omar Hassan" }));
    expect((mail?.text ?? "").replace(/\r\n/g, "\n")).toMatch(/\/admin\/messages\?lang=ar/);
  });

  it("writes the provider notification in the saved language of the staff account that owns the inbox", async () => {
    await database.db.insert(user).values({ id: "inbox-owner", name: "Inbox", email: INBOX, role: "admin", locale: "en" });
    await createContactMessage(
      { name: "Omar Hassan", email: "omar@example.com", message: "Do you offer weekend classes?\nThanks", website: "" },
      { locale: "ar" },
    );
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe("New contact message from Omar Hassan");
    expect(mail?.headers["reply-to"]).toContain("omar@example.com");
    // SPEC §7: from_name, from_email, to_name, to_email, subject, message, reply_to.
    const text = (mail?.text ?? "").replace(/\r\n/g, "\n");
    expect(text).toMatch(/\/admin\/messages\?lang=en/);
    expect(text).toContain("From: Omar Hassan");
    expect(text).toContain("Email: omar@example.com");
    expect(text).toContain("To: Nile Academy");
    expect(text).toContain(`To email: ${INBOX}`);
    expect(text).toContain("Subject: New contact message from Omar Hassan");
    // Its second line stays inside the field (issue 34 item 6: a message cannot write a line of its own).
    expect(text).toContain("Message: Do you offer weekend classes?\n    | Thanks");
    expect(text).toContain("Reply to: omar@example.com");
    expect(text).toContain("Visitor's language: Arabic");
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps the message without a provider inbox (staff read it in the admin area)", async () => {
    await database.db.delete(siteSettings).where(eq(siteSettings.key, "contact"));
    await createContactMessage({ name: "Omar", email: "omar@example.com", message: "Hi" }, { locale: "en" });
    expect((await database.db.select().from(contactMessages)).length).toBe(1);
    expect((await database.db.select().from(emailOutbox)).length).toBe(0);
  });

  it("refuses invalid input with field keys and writes nothing", async () => {
    const err = await caught(createContactMessage({ name: "", email: "x", message: "" }, { locale: "en" }));
    expect(err.code).toBe("bad_request");
    expect(err.fields).toEqual({
      name: "contact.errors.nameRequired",
      email: "contact.errors.emailInvalid",
      message: "contact.errors.messageRequired",
    });
    expect((await database.db.select().from(contactMessages)).length).toBe(0);
    expect((await database.db.select().from(emailOutbox)).length).toBe(0);
  });
});
