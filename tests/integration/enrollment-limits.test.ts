// Enrollment rate limits fit shared mobile addresses (issue 19 point 9): many people behind one carrier
// address all get through, one email address is limited strictly, and posts that fail validation never
// spend the valid posts' allowance. The real enroll route action on a real database (PGlite, or
// PostgreSQL with TEST_DB=pg, where the counts live in the shared rate_limit.counters table), with the
// default limits (RATE_LIMIT_ENROLLMENT 30/600, RATE_LIMIT_ENROLLMENT_EMAIL 5/3600).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { courses, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { action as enrollAction } from "~/routes/site/enroll.tsx";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { i18n } from "../setup/i18n.ts";
import { callAction, contextFor } from "../setup/route-call.ts";

let database: TestDatabase;
let slug: string;
let courseId: string;

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ENROLLMENT", "");
  vi.stubEnv("RATE_LIMIT_ENROLLMENT_EMAIL", "");
  vi.stubEnv("TRUST_PROXY", "");
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetRateLimits();
  await database?.destroy();
});
beforeEach(async () => {
  resetRateLimits();
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  slug = `limits-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await database.db
    .insert(courses)
    .values({ title: "Shared Address Course", slug, language: "en", isPublished: true, price: 900 })
    .returning({ id: courses.id });
  courseId = row!.id;
});

let phoneSeq = 0;
function form(email: string, patch: Record<string, string> = {}): Record<string, string> {
  phoneSeq += 1;
  return {
    courseId,
    studentName: "Sara Ahmed",
    studentEmail: email,
    countryCode: "+20",
    phoneNumber: `0100${String(1000000 + phoneSeq).slice(-7)}`,
    message: "",
    website: "",
    ...patch,
  };
}

/** One no-JS post of the enrollment form from the client address `ip`, in `lang`. */
function post(ip: string, fields: Record<string, string>, lang: "en" | "ar" = "en", course = slug) {
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip });
  const prefix = lang === "ar" ? "/ar" : "/en";
  return callAction(enrollAction, { url: `${prefix}/courses/${course}/enroll`, form: fields, params: { slug: course, lang }, context });
}

const stored = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(enrollments))[0]!.n;

describe("enrollment limits on one shared address", () => {
  it("lets 25 different people behind one address enroll (the old limit refused the sixth)", async () => {
    const ip = "198.51.100.40";
    for (let i = 0; i < 25; i++) {
      const res = await post(ip, form(`person-${i}@example.com`), i % 2 ? "ar" : "en");
      expect(res.status, `person ${i + 1}: ${JSON.stringify(res.data?.messageKey)}`).toBe(200);
      expect(res.data?.success?.enrollmentId).toMatch(/^ENR-/);
    }
    expect(await stored()).toBe(25);
  });

  it("refuses a sixth request for one email within the hour, from any address, keeping the input and saying when to retry", async () => {
    // Five courses: the same email, course and run within ten minutes is one request (issue 34 item 10).
    const others = await database.db
      .insert(courses)
      .values(["a", "b", "c", "d", "e"].map((n) => ({ title: `Course ${n}`, slug: `${slug}-${n}`, language: "en", isPublished: true })))
      .returning({ id: courses.id, slug: courses.slug });
    for (let i = 0; i < 5; i++) {
      // Case and spaces do not make another email address.
      const email = i % 2 ? " Mona@Example.com " : "mona@example.com";
      const res = await post(`203.0.113.${i + 1}`, form(email, { courseId: others[i]!.id }), "en", others[i]!.slug);
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    for (const lang of ["en", "ar"] as const) {
      const refused = await post("203.0.113.99", form("MONA@example.com", { studentName: "Mona Adel", message: "Evening please" }), lang);
      expect(refused.status).toBe(429);
      expect(refused.data?.messageKey).toBe("enrollment.errors.tooManyForEmail");
      const retry = Number(refused.headers.get("Retry-After"));
      expect(retry).toBeGreaterThan(3000); // the hour's window, not the address's ten minutes
      expect(refused.data?.retryAfter).toBe(retry);
      // What the visitor typed comes back to the form.
      expect(refused.data?.result?.initialValue).toMatchObject({ studentName: "Mona Adel", message: "Evening please" });
      const t = i18n.getFixedT(lang);
      const minutes = Math.ceil(retry / 60);
      expect(t("enrollment.errors.tooManyForEmail")).not.toContain("enrollment.errors");
      expect(t("enrollment.errors.retryIn", { count: minutes })).toContain(String(minutes));
    }
    expect(await stored()).toBe(5);
    // Another person from the same addresses is not affected.
    expect((await post("203.0.113.99", form("someone-else@example.com"))).status).toBe(200);
  });

  it("does not count invalid posts against valid ones", async () => {
    const ip = "198.51.100.41";
    // 30 posts with mistakes (the no-JS visitor corrects them one by one): each answers 400 with its errors.
    for (let i = 0; i < 30; i++) {
      const res = await post(ip, form("not-an-email"));
      expect(res.status, `invalid post ${i + 1}`).toBe(400);
    }
    // Every valid allowance is still there: 30 valid requests in the same ten minutes go through.
    for (let i = 0; i < 30; i++) {
      const res = await post(ip, form(`office-${i}@example.com`));
      expect(res.status, `valid post ${i + 1} after 30 invalid`).toBe(200);
    }
    // The address's valid allowance is spent now: the 31st valid post is refused, its input kept.
    const refused = await post(ip, form("office-late@example.com", { studentName: "Late Comer" }));
    expect(refused.status).toBe(429);
    expect(refused.data?.messageKey).toBe("enrollment.errors.tooManyRequests");
    expect(refused.data?.result?.initialValue).toMatchObject({ studentName: "Late Comer", studentEmail: "office-late@example.com" });
    expect(await stored()).toBe(30);
  });

  it("still limits a flood of invalid posts from one address, apart from valid ones", async () => {
    const ip = "198.51.100.42";
    for (let i = 0; i < 30; i++) expect((await post(ip, { studentName: "" })).status).toBe(400);
    const refused = await post(ip, { studentName: "" }, "ar");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // A valid request from that address still goes through.
    expect((await post(ip, form("after-flood@example.com"))).status).toBe(200);
  });
});
