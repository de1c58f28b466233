// The public page cache (app/lib/public-cache.server.ts, docs/performance.md) against a real database: the
// root middleware in front of a page that renders the real catalogue, invalidated by real admin writes
// (audited → recordAudit → invalidatePublicCache). On PGlite pages are kept; on PostgreSQL (TEST_DB=pg)
// never, since other instances' writes and outages must show at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courses } from "@db/schema/index.ts";
import { listPublishedCourses } from "~/features/catalog/catalog.server.ts";
import { setCoursePublished } from "~/features/courses/courses-admin.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { invalidatePublicCache, publicCacheSize, publicPageCache, storedPublicPage } from "~/lib/public-cache.server.ts";
import { createAdmin } from "../setup/actors.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse } from "../setup/factories.ts";
import { contextFor, routeArgs } from "../setup/route-call.ts";

let database: TestDatabase;
let admin: Actor;
let renders = 0;
let nonceCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await resetDatabase(database.db);
  invalidatePublicCache();
  renders = 0;
  admin = await createAdmin();
  const category = await makeCategory({ name: "Languages", slug: "languages" });
  await makeCourse({ title: "Business English", slug: "business-english", language: "en", isPublished: true, categoryId: category.id });
  await makeCourse({ title: "Arabic Calligraphy", slug: "arabic-calligraphy", language: "ar", isPublished: true, categoryId: category.id });
});

/** The downstream of the middleware: a page with the request's nonce and the live catalogue. */
function renderPage(nonce: string, init: ResponseInit = {}) {
  return async () => {
    renders++;
    const { courses: cards } = await listPublishedCourses({});
    return new Response(
      `<!DOCTYPE html><html><body><ul>${cards.map((c) => `<li>${c.title}</li>`).join("")}</ul><script nonce="${nonce}">hydrate()</script></body></html>`,
      { status: 200, ...init, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache", ...init.headers } },
    );
  };
}

async function visit(url: string, init: RequestInit = {}, page?: (nonce: string) => () => Promise<Response>) {
  const nonce = `nonce${++nonceCounter}`.padEnd(24, "x");
  const context = contextFor();
  context.set(requestInfoContext, { nonce, requestId: "r", ip: "203.0.113.9" });
  const request = new Request(`http://localhost${url}`, init);
  const response = await publicPageCache(routeArgs(request, {}, context), (page ?? renderPage)(nonce));
  return { nonce, response: response!, body: await response!.text() };
}

const cached = () => database.kind === "pglite";

describe("public page cache", () => {
  it("answers a second visitor from memory with their own nonce (embedded database only)", async () => {
    const first = await visit("/en/courses");
    const second = await visit("/en/courses");
    expect(first.body).toContain("Business English");
    expect(second.body).toContain("Business English");
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce);
    expect(second.response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(renders).toBe(cached() ? 1 : 2);
    expect(publicCacheSize()).toBe(cached() ? 1 : 0);
  });

  it("hands server.ts the stored page for the same URL only", async () => {
    await visit("/en/courses?page=1", { headers: { "Accept-Language": "ar" } });
    const page = storedPublicPage("GET", "/en/courses?page=1", "fresh-nonce-1234567890ab");
    if (!cached()) {
      expect(page).toBeNull();
      return;
    }
    const html = new TextDecoder().decode(page!.body);
    expect(html).toContain('<script nonce="fresh-nonce-1234567890ab">');
    expect(html).toContain("Business English");
    expect(page!.headers).toContainEqual(["content-type", "text/html; charset=utf-8"]);
    expect(storedPublicPage("HEAD", "/en/courses?page=1", "n")).toBeNull();
    expect(storedPublicPage("GET", "/ar/courses?page=1", "n")).toBeNull();
    // An old ?lang on a language URL is redirected, never answered from the store.
    expect(storedPublicPage("GET", "/en/courses?page=1&lang=ar", "n")).toBeNull();
    // "//host/…" is a path to React Router, not another host's home page.
    expect(storedPublicPage("GET", "//en/courses?page=1", "n")).toBeNull();
    invalidatePublicCache();
    expect(storedPublicPage("GET", "/en/courses?page=1", "n")).toBeNull();
  });

  it("shows an admin's change on the next request", async () => {
    await visit("/en/courses");
    const [arabic] = await database.db.select().from(courses).where(eq(courses.slug, "arabic-calligraphy"));
    await setCoursePublished(admin, arabic!.id, false);
    const after = await visit("/en/courses");
    expect(after.body).toContain("Business English");
    expect(after.body).not.toContain("Arabic Calligraphy");
    expect(renders).toBe(2);
  });

  it("keeps one page per URL: the language is in the path, cookies and browser languages change nothing", async () => {
    await visit("/ar/courses");
    await visit("/en/courses");
    await visit("/en/courses", { headers: { "Accept-Language": "ar" } });
    await visit("/en/courses", { headers: { Cookie: "lng=ImFyIg%3D%3D" } });
    await visit("/ar/courses", { headers: { Cookie: "lng=ImVuIg%3D%3D; other=1" } });
    expect(renders).toBe(cached() ? 2 : 5);
  });

  it("never keeps searches, other methods or paths, errors, or answers that set a cookie", async () => {
    await visit("/en/courses?q=english");
    await visit("/en/courses?q=english");
    await visit("/admin/courses");
    await visit("/admin/courses");
    await visit("/courses");
    await visit("/en/courses.data");
    await visit("/en/courses.data");
    await visit("/en/courses", { method: "POST", body: "x=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    await visit("/en/about", {}, (n) => renderPage(n, { status: 404 }));
    await visit("/en/about", {}, (n) => renderPage(n, { headers: { "Set-Cookie": "lng=ar" } }));
    expect(renders).toBe(10);
    expect(publicCacheSize()).toBe(0);
  });

  it("does not store a page whose rendering began before an admin write", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = visit("/en/courses", {}, (nonce) => async () => {
      await gate;
      return renderPage(nonce)();
    });
    invalidatePublicCache(); // what recordAudit does
    release();
    await slow;
    await visit("/en/courses");
    expect(renders).toBe(2);
  });
});
