// Where enrollment requests come from (issue 19 point 10, ADR 021), on a real database (PGlite, or
// PostgreSQL with TEST_DB=pg): the real enroll route stores the page, the visit's utm_* and the
// referring host; hostile values are cleaned or nulled and the request is still stored (never a 500);
// the CSV carries the columns; the dashboard counts requests by source over the last 30 days.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { courses, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { enrollmentSourceCounts, getDashboard, TOP_SOURCES } from "~/features/dashboard/dashboard.server.ts";
import { CSV_COLUMNS, getEnrollment, streamEnrollmentsCsv } from "~/features/enrollments/enrollments-admin.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { publicPageKey } from "~/lib/public-cache.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { action as enrollAction, loader as enrollLoader } from "~/routes/site/enroll.tsx";
import { createAdmin, createManager } from "../setup/actors.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { makeEnrollment } from "../setup/factories.ts";
import { BASE_URL, callAction, callLoader, contextFor } from "../setup/route-call.ts";

let database: TestDatabase;
let slug: string;
let courseId: string;
let admin: Actor;

beforeAll(async () => {
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
  admin = await createAdmin();
  slug = `sources-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await database.db
    .insert(courses)
    .values({ title: "Python Basics", slug, language: "en", isPublished: true, price: 900 })
    .returning({ id: courses.id });
  courseId = row!.id;
});

let seq = 0;
type Fields = Record<string, string | string[]>;
function form(patch: Fields = {}): Fields {
  seq += 1;
  return {
    courseId,
    studentName: "Sara Ahmed",
    studentEmail: `sara-${seq}@example.com`,
    countryCode: "+20",
    phoneNumber: `0100${String(1000000 + seq).slice(-7)}`,
    message: "",
    website: "",
    ...patch,
  };
}

/** One post of the enrollment form, as the dialog (JavaScript) or the no-JS page sends it. */
async function post(fields: Fields, headers: Record<string, string> = {}) {
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip: `203.0.113.${seq % 200}` });
  const res = await callAction(enrollAction, {
    url: `/ar/courses/${slug}/enroll`,
    form: fields,
    headers,
    params: { slug, lang: "ar" },
    context,
  });
  return res;
}

async function storedSource(enrollmentId: string) {
  const [row] = await database.db
    .select({
      sourcePage: enrollments.sourcePage,
      utmSource: enrollments.utmSource,
      utmMedium: enrollments.utmMedium,
      utmCampaign: enrollments.utmCampaign,
      utmTerm: enrollments.utmTerm,
      utmContent: enrollments.utmContent,
      referrerHost: enrollments.referrerHost,
    })
    .from(enrollments)
    .where(eq(enrollments.enrollmentId, enrollmentId));
  return row;
}

describe("the enroll action stores where a request came from", () => {
  it("stores the page, the five utm fields and the referring host sent by the form", async () => {
    const res = await post(
      form({
        sourcePage: `/ar/courses/${slug}`,
        utmSource: "facebook",
        utmMedium: "cpc",
        utmCampaign: "حملة الربيع",
        utmTerm: "python course",
        utmContent: "ad-1",
        referrerHost: "M.Facebook.com",
      }),
    );
    expect(res.status).toBe(200);
    const id = res.data!.success!.enrollmentId;
    expect(await storedSource(id)).toEqual({
      sourcePage: `/ar/courses/${slug}`,
      utmSource: "facebook",
      utmMedium: "cpc",
      utmCampaign: "حملة الربيع",
      utmTerm: "python course",
      utmContent: "ad-1",
      referrerHost: "m.facebook.com",
    });
  });

  it("stores nothing as a source for a direct request (no fields, no Referer)", async () => {
    const res = await post(form());
    expect(res.status).toBe(200);
    expect(Object.values((await storedSource(res.data!.success!.enrollmentId))!)).toEqual(Array(7).fill(null));
  });

  it.each([
    ["a 10 KB utm value is cut to 100", { utmSource: "x".repeat(10_240) }, { utmSource: "x".repeat(100) }],
    ["NUL and control characters are removed", { utmCampaign: "spr\u0000ing\r\n", utmMedium: "\u0000\u0001" }, { utmCampaign: "spring", utmMedium: null }],
    ["a javascript: page is refused", { sourcePage: "javascript:alert(1)" }, { sourcePage: null }],
    ["a protocol-relative page is refused", { sourcePage: "//evil.com" }, { sourcePage: null }],
    ["another site's URL as page is refused", { sourcePage: "https://evil.com/x" }, { sourcePage: null }],
    ["a 5,000-character page is cut to 500", { sourcePage: `/${"p".repeat(5000)}` }, { sourcePage: `/${"p".repeat(499)}` }],
    ["a host with a space is refused", { referrerHost: "evil .com" }, { referrerHost: null }],
    ["a host with a port is refused", { referrerHost: "evil.com:8080" }, { referrerHost: null }],
    ["a 300-character host is refused", { referrerHost: `${"a".repeat(60)}.`.repeat(5) + "com" }, { referrerHost: null }],
    ["repeated fields keep the first", { utmSource: ["first", "second"], sourcePage: ["/en", "//evil.com"] }, { utmSource: "first", sourcePage: "/en" }],
  ] as const)("%s, and the request is still stored", async (_name, patch, expected) => {
    const res = await post(form(patch as unknown as Fields));
    expect(res.status).toBe(200);
    expect(res.data?.success?.enrollmentId).toMatch(/^ENR-/);
    expect(await storedSource(res.data!.success!.enrollmentId)).toMatchObject(expected);
  });

  it("without JavaScript takes the same-site Referer's path as the page, never another site's", async () => {
    const same = await post(form({ utmSource: "newsletter" }), { Referer: `${BASE_URL}/ar/courses/${slug}/enroll?utm_source=newsletter` });
    expect(same.status).toBe(200);
    expect(await storedSource(same.data!.success!.enrollmentId)).toMatchObject({
      sourcePage: `/ar/courses/${slug}/enroll`,
      utmSource: "newsletter",
    });
    const other = await post(form(), { Referer: "https://evil.com/ar/courses/x" });
    expect(other.status).toBe(200);
    expect((await storedSource(other.data!.success!.enrollmentId))!.sourcePage).toBeNull();
    // The form's own page wins over the Referer.
    const both = await post(form({ sourcePage: `/ar/courses/${slug}` }), { Referer: `${BASE_URL}/ar/about` });
    expect((await storedSource(both.data!.success!.enrollmentId))!.sourcePage).toBe(`/ar/courses/${slug}`);
  });

  it("an invalid form with hostile source fields is a translated 400, not a 500, and stores nothing", async () => {
    const res = await post(form({ studentEmail: "not-an-email", utmSource: "\u0000".repeat(5000), sourcePage: "//evil.com" }));
    expect(res.status).toBe(400);
    expect(await database.db.$count(enrollments)).toBe(0);
  });
});

describe("the no-JS enroll page", () => {
  it("renders its own URL's utm_* for the form, and such a URL is never a public cache key", async () => {
    const url = `/ar/courses/${slug}/enroll?utm_source=facebook&utm_campaign=spring&utm_medium=%00`;
    const res = await callLoader(enrollLoader, { url, params: { slug, lang: "ar" } });
    expect(res.status).toBe(200);
    expect(res.data!.utm).toEqual({ utmSource: "facebook", utmCampaign: "spring" });
    expect(publicPageKey("GET", url)).toBeNull();
    expect(publicPageKey("GET", `/ar/courses/${slug}/enroll`)).not.toBeNull();
  });
});

describe("staff see the source", () => {
  it("in the enrollment details row and in the CSV columns (neutralised like the others)", async () => {
    const res = await post(
      form({ sourcePage: `/en/courses/${slug}`, utmSource: "=HYPERLINK(\"http://x\")", utmCampaign: "spring", referrerHost: "m.facebook.com" }),
    );
    const id = res.data!.success!.enrollmentId;
    const [row] = await database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.enrollmentId, id));
    const details = await getEnrollment(admin, row!.id);
    expect(details).toMatchObject({ sourcePage: `/en/courses/${slug}`, utmCampaign: "spring", referrerHost: "m.facebook.com" });

    expect(CSV_COLUMNS.slice(-7)).toEqual(["sourcePage", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent", "referrerHost"]);
    const stream = await streamEnrollmentsCsv(admin, {}, { locale: "en" });
    const text = await new Response(stream).text();
    const [header, line] = text.replace(/^\uFEFF/, "").split("\r\n");
    // Headers in words, the campaign parameter's own name kept in brackets for whoever set up the campaign (issue 36 item 16).
    expect(header!.split(",").slice(-7)).toEqual([
      "Sent from",
      "Campaign source (utm_source)",
      "Medium (utm_medium)",
      "Campaign (utm_campaign)",
      "Term (utm_term)",
      "Content (utm_content)",
      "Referring site",
    ]);
    expect(line).toContain(`,/en/courses/${slug},"'=HYPERLINK(""http://x"")",,spring,,,m.facebook.com`);
    const ar = await new Response(await streamEnrollmentsCsv(admin, {}, { locale: "ar" })).text();
    const arHeader = ar.replace(/^\uFEFF/, "").split("\r\n")[0]!.split(",").slice(-7);
    for (const [i, name] of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"].entries()) expect(arHeader[i + 1]).toContain(`(${name})`);
    for (const cell of arHeader) expect(cell).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("requests by source on the dashboard", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  it("counts utm_source before the referring host, then Direct; only the last 30 days", async () => {
    await makeEnrollment({ utmSource: "facebook", referrerHost: "m.facebook.com", createdAt: daysAgo(1) });
    await makeEnrollment({ utmSource: "Facebook", createdAt: daysAgo(2) });
    await makeEnrollment({ referrerHost: "www.google.com", createdAt: daysAgo(3) });
    await makeEnrollment({ createdAt: daysAgo(4) });
    await makeEnrollment({ utmSource: "old", createdAt: daysAgo(31) });
    await makeEnrollment({ utmSource: "future", createdAt: new Date(now.getTime() + 3_600_000) });
    expect(await enrollmentSourceCounts(now)).toEqual([
      { kind: "source", source: "facebook", count: 2 },
      { kind: "direct", source: null, count: 1 },
      { kind: "source", source: "www.google.com", count: 1 },
    ]);
  });

  it("lists the top 8 by count and adds up the rest as Other", async () => {
    // Sources s1…s11 with 12…2 requests; Direct with 5.
    for (let i = 1; i <= 11; i++) {
      for (let n = 0; n < 13 - i; n++) await makeEnrollment({ utmSource: `s${String(i).padStart(2, "0")}`, createdAt: daysAgo(1 + (n % 20)) });
    }
    for (let n = 0; n < 5; n++) await makeEnrollment({ createdAt: daysAgo(2) });
    const rows = await enrollmentSourceCounts(now);
    expect(rows).toHaveLength(TOP_SOURCES + 1);
    expect(rows.slice(0, 8).map((r) => [r.kind, r.source, r.count])).toEqual([
      ["source", "s01", 12],
      ["source", "s02", 11],
      ["source", "s03", 10],
      ["source", "s04", 9],
      ["source", "s05", 8],
      ["source", "s06", 7],
      ["source", "s07", 6],
      ["direct", null, 5],
    ]);
    // s08 (5), s09 (4), s10 (3), s11 (2): Direct won the tie with s08 by name order (Direct first).
    expect(rows[8]).toEqual({ kind: "other", source: null, count: 5 + 4 + 3 + 2 });
  });

  it("is part of the dashboard for staff who may view enrollments, empty when there are none", async () => {
    expect((await getDashboard(admin, { now })).sources).toEqual([]);
    await makeEnrollment({ utmSource: "facebook", createdAt: daysAgo(1) });
    expect((await getDashboard(admin, { now })).sources).toEqual([{ kind: "source", source: "facebook", count: 1 }]);
  });

  it("is neither computed nor sent for staff without enrollments:view", async () => {
    await makeEnrollment({ utmSource: "facebook", createdAt: daysAgo(1) });
    const plain = await createManager(admin, "no-enrollments@example.com", ["courses:view"]);
    expect(await getDashboard(plain, { now })).not.toHaveProperty("sources");
    const viewer = await createManager(admin, "enrollments-viewer@example.com", ["enrollments:view"]);
    expect((await getDashboard(viewer, { now })).sources).toEqual([{ kind: "source", source: "facebook", count: 1 }]);
  });
});
