// The public page cache (app/lib/public-cache.server.ts, ADR 017) against a real database, PGlite and
// PostgreSQL (TEST_DB=pg) alike: the root middleware in front of a page that renders the real catalogue,
// stored compressed once with the hashes of its inline scripts, and invalidated by the content version that
// the admin action path bumps after its write commits (app/lib/content-version.server.ts).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { categories, courses } from "@db/schema/index.ts";
import { loader as rootLoader } from "~/root.tsx";
import { loader as homeLoader } from "~/routes/site/home.tsx";
import { loader as aboutLoader } from "~/routes/site/about.tsx";
import { loader as catalogLoader } from "~/routes/site/courses.tsx";
import { categoriesAction } from "~/features/categories/categories-actions.server.ts";
import { listPublishedCourses } from "~/features/catalog/catalog.server.ts";
import { coursesAction } from "~/features/courses/courses-actions.server.ts";
import { setCoursePublished } from "~/features/courses/courses-admin.server.ts";
import { contentChanged, currentVersion, pageVersionContext, perVersion, perVersionKeyed, requestVersion } from "~/lib/content-version.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import {
  clearPublicCache,
  inlineScriptHashes,
  preferredEncoding,
  publicCacheSettled,
  publicCacheSize,
  publicPage,
  publicPageCache,
  SCRIPT_HASHES_HEADER,
} from "~/lib/public-cache.server.ts";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeInstructor } from "../setup/factories.ts";
import { callAction, callLoader, contextFor, routeArgs } from "../setup/route-call.ts";

let admin: Actor;
let renders = 0;
let nonces = 0;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  clearPublicCache();
  renders = 0;
  admin = await createAdmin();
  const category = await makeCategory({ name: "Languages", slug: "languages" });
  await makeCourse({ title: "Business English", slug: "business-english", language: "en", isPublished: true, categoryId: category.id });
  await makeCourse({ title: "Arabic Calligraphy", slug: "arabic-calligraphy", language: "ar", isPublished: true, categoryId: category.id });
  // The data was replaced as a seeding does: announced, so no kept layout or page of the last test serves.
  await contentChanged();
});

const BOOT = "window.__boot = 1;";
const INJECTED = "alert(document.cookie)";
const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The downstream of the middleware: the live catalogue, the app's inline scripts with the render's nonce (one
 * twice), an external one, and one that slipped into content without the nonce (never to be allowed).
 */
function renderPage(init: ResponseInit = {}) {
  return async (nonce: string) => {
    renders++;
    const { courses: cards } = await listPublishedCourses({});
    const list = cards.map((c) => `<li>${c.title}</li>`).join("");
    return new Response(
      `<!DOCTYPE html><html><body><ul>${list}</ul><p><script>${INJECTED}</script></p><script nonce="${nonce}">${BOOT}</script>` +
        `<script type="module" nonce="${nonce}">import("/assets/x.js")</script>` +
        `<script src="/assets/y.js" nonce="${nonce}"></script><script nonce="${nonce}">${BOOT}</script></body></html>`,
      { status: 200, ...init, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, s-maxage=60", ...init.headers } },
    );
  };
}

/** One request as server.ts hands it on: a stored copy answers first; otherwise the middleware renders (no nonce). */
async function visit(url: string, init: RequestInit = {}, page = renderPage()) {
  const found = await publicPage(init.method ?? "GET", url, "gzip, deflate, br, zstd");
  if (found?.page) {
    const { page: copy } = found;
    return { fromCache: true, body: brotliDecompressSync(copy.body).toString("utf8"), hashes: copy.scriptHashes, headers: new Headers(copy.headers) };
  }
  const nonce = `nonce${++nonces}`.padEnd(24, "x");
  const context = contextFor();
  context.set(requestInfoContext, { nonce, requestId: "r", ip: "203.0.113.9" });
  const request = new Request(`http://localhost${url}`, init);
  const response = (await publicPageCache(routeArgs(request, {}, context), () => page(nonce)))!;
  await publicCacheSettled();
  const hashes = (response.headers.get(SCRIPT_HASHES_HEADER) ?? "").split(" ").filter(Boolean);
  return { fromCache: false, body: await response.text(), hashes, headers: response.headers };
}

describe("public page cache", () => {
  it("answers a second visitor with the stored page, compressed once, under the same script hashes", async () => {
    const first = await visit("/en/courses");
    const second = await visit("/en/courses");
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(second.body).toBe(first.body);
    expect(second.body).toContain("Business English");
    // The stored page carries no nonce: the render's is taken out.
    expect(first.body).not.toContain("nonce");
    // The CSP sources: each of the app's inline scripts once; the external one and the one without the
    // render's nonce not at all; the first answer has them too.
    const expected = [sha256(BOOT), sha256('import("/assets/x.js")')];
    expect(first.hashes).toEqual(expected);
    expect(second.hashes).toEqual(expected);
    expect(second.headers.get("Cache-Control")).toBe("public, s-maxage=60");
    expect(second.headers.has("content-security-policy")).toBe(false);
    expect(renders).toBe(1);
    expect(publicCacheSize()).toBe(1);

    // Every encoding holds the same page; the one asked for is the one given.
    const as = async (acceptEncoding: string) => (await publicPage("GET", "/en/courses", acceptEncoding))!.page!;
    const br = await as("gzip, deflate, br, zstd");
    const gz = await as("gzip");
    const plain = await as("");
    expect([br.encoding, gz.encoding, plain.encoding]).toEqual(["br", "gzip", "identity"]);
    expect(gunzipSync(gz.body).toString("utf8")).toBe(first.body);
    expect(plain.body.toString("utf8")).toBe(first.body);
    expect(br.body.length).toBeLessThan(plain.body.length);
  });

  it("prefers br, then gzip, then identity, as Accept-Encoding allows", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0, identity")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
  });

  it("hashes exactly the inline scripts the render marked with its nonce", () => {
    expect(inlineScriptHashes('<script src="/a.js" nonce="n1"></script><p>x</p>', "n1")).toEqual([]);
    expect(inlineScriptHashes('<script nonce="n1">a()</script><SCRIPT nonce="n1">b()</SCRIPT><script>c()</script>', "n1")).toEqual([
      sha256("a()"),
      sha256("b()"),
    ]);
    expect(inlineScriptHashes('<script nonce="n2">a()</script>', "n1")).toEqual([]);
    expect(inlineScriptHashes("<script>a()</script>", "")).toEqual([]);
  });

  it("keys by URL only, and never stores HEAD, another language, ?lang or a //host path", async () => {
    await visit("/en/courses?page=1", { headers: { "Accept-Language": "ar" } });
    expect((await publicPage("GET", "/en/courses?page=1"))?.page).toBeTruthy();
    expect(await publicPage("HEAD", "/en/courses?page=1")).toBeNull();
    expect((await publicPage("GET", "/ar/courses?page=1"))?.page).toBeNull();
    // An old ?lang on a language URL is redirected, never answered from the store.
    expect(await publicPage("GET", "/en/courses?page=1&lang=ar")).toBeNull();
    // "//host/…" is a path to React Router, not another host's home page.
    expect(await publicPage("GET", "//en/courses?page=1")).toBeNull();
  });

  it("shows an admin's change, made through the admin action path, on the next request", async () => {
    await visit("/en/courses");
    expect((await visit("/en/courses")).fromCache).toBe(true);
    const [arabic] = await database.db.select().from(courses).where(eq(courses.slug, "arabic-calligraphy"));
    const reply = await callAction(coursesAction, {
      url: "/admin/courses",
      form: { intent: "togglePublish", courseId: arabic!.id, published: "false" },
      actor: admin,
    });
    expect(reply.status).toBe(200);
    const after = await visit("/en/courses");
    expect(after.fromCache).toBe(false);
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
    expect(renders).toBe(2);
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
    await visit("/en/about", {}, renderPage({ status: 404 }));
    await visit("/en/about", {}, renderPage({ headers: { "Set-Cookie": "lng=ar" } }));
    expect(renders).toBe(10);
    expect(publicCacheSize()).toBe(0);
  });

  it("stores only the catalogue's own parameters: made-up ones cannot fill the store and push pages out", async () => {
    await visit("/en/courses?category=languages&page=2");
    await visit("/en/courses?page=2&category=languages");
    expect(renders).toBe(1);
    for (let i = 0; i < 5; i++) await visit(`/en/courses?x=${i}`);
    await visit("/en/courses?utm_source=facebook");
    await visit("/en/courses?page=abc");
    await visit("/en/courses?page=1&page=2");
    await visit("/en/courses?category=Languages%00");
    expect(renders).toBe(10);
    expect(publicCacheSize()).toBe(1);
  });

  it("a 404 of a cacheable URL still names its scripts' hashes (its CSP has no nonce)", async () => {
    const missing = await visit("/en/courses/nope", {}, renderPage({ status: 404 }));
    expect(missing.hashes).toEqual([sha256(BOOT), sha256('import("/assets/x.js")')]);
  });

  it("does not serve a page whose rendering began before a write was committed and announced", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = renderPage();
    const slow = visit("/en/courses", {}, async (nonce) => {
      await gate;
      return render(nonce);
    });
    // The write commits while the page renders (it still sees the old catalogue), then the version moves.
    await new Promise((r) => setTimeout(r, 20));
    const [arabic] = await database.db.select().from(courses).where(eq(courses.slug, "arabic-calligraphy"));
    await setCoursePublished(admin, arabic!.id, false);
    await contentChanged();
    release();
    await slow;
    const next = await visit("/en/courses");
    expect(next.fromCache).toBe(false);
    expect(next.body).not.toContain("Arabic Calligraphy");
    expect(renders).toBe(2);
  });
});

describe("layout data per content version", () => {
  it("the root loader keeps the menu until an admin change, then shows the change", async () => {
    const menu = async () => ((await callLoader(rootLoader, { url: "/en/courses" })).data!.categories as { slug: string }[]).map((c) => c.slug);
    expect(await menu()).toEqual(["languages"]);
    // A row written behind the app's back (no announced write) is not read: the kept menu answers.
    await database.db.insert(categories).values({ name: "Zeta", nameAr: "زيتا", slug: "zeta" });
    expect(await menu()).toEqual(["languages"]);
    // A category created through the admin action path: the next render's menu has it (and the other row).
    const reply = await callAction(categoriesAction, {
      url: "/admin/categories",
      form: { intent: "createCategory", name: "Business", nameAr: "الأعمال", slug: "business" },
      actor: admin,
    });
    expect(reply.status).toBe(200);
    expect(await menu()).toEqual(["business", "languages", "zeta"]);
  });

  it("is read once per version, and again after a write is announced", async () => {
    let loads = 0;
    const layout = perVersion(async () => ++loads);
    expect(await layout()).toBe(1);
    expect(await layout()).toBe(1);
    expect(await layout(await currentVersion())).toBe(1);
    await contentChanged();
    expect(await layout()).toBe(2);
    expect(await layout()).toBe(2);
  });

  it("the home page keeps its category tiles, instructors and figures until a write is announced; its cards are read each time", async () => {
    const home = async () => {
      const data = (await callLoader(homeLoader, { url: "/en" })).data!;
      return {
        tiles: data.categories.map((c) => `${c.slug}:${c.courseCount}`),
        instructors: data.instructors.map((i) => i.name),
        available: data.figures?.availableCourses,
        cards: data.courses.map((c) => c.title).sort(),
      };
    };
    const about = async () => (await callLoader(aboutLoader, { url: "/en/about" })).data!.figures?.availableCourses;
    expect(await home()).toEqual({
      tiles: ["languages:2"],
      instructors: [],
      available: 2,
      cards: ["Arabic Calligraphy", "Business English"],
    });
    expect(await about()).toBe(2);
    // Written behind the app's back (no announced write): the kept sections answer, the cards are read anew.
    const business = await makeCategory({ name: "Business", slug: "business" });
    const teacher = await makeInstructor({ name: "Mona Teacher" });
    await makeCourse({ title: "Excel", slug: "excel", isPublished: true, categoryId: business.id, instructorId: teacher.id });
    expect(await home()).toEqual({
      tiles: ["languages:2"],
      instructors: [],
      available: 2,
      cards: ["Arabic Calligraphy", "Business English", "Excel"],
    });
    expect(await about()).toBe(2);
    // Announced, as every admin action does after its commit: the next render reads the sections again.
    await contentChanged();
    expect(await home()).toEqual({
      tiles: ["languages:2", "business:1"],
      instructors: ["Mona Teacher"],
      available: 3,
      cards: ["Arabic Calligraphy", "Business English", "Excel"],
    });
    expect(await about()).toBe(3);
  });

  it("the catalogue keeps its counts per version and language; a search or a start filter is counted each time", async () => {
    const catalogue = async (url: string) => {
      const { result } = (await callLoader(catalogLoader, { url })).data!;
      return { total: result.total, cards: result.courses.length };
    };
    expect(await catalogue("/en/courses")).toEqual({ total: 2, cards: 2 });
    expect(await catalogue("/en/english-courses")).toEqual({ total: 1, cards: 1 });
    // Written behind the app's back: the kept counts answer (the page of cards is read anew); a search and
    // a start-date filter count what is there now.
    await makeCourse({ title: "Excel for Business", slug: "excel", language: "en", isPublished: true });
    expect(await catalogue("/en/courses")).toEqual({ total: 2, cards: 3 });
    expect(await catalogue("/en/english-courses")).toEqual({ total: 1, cards: 2 });
    expect(await catalogue("/en/courses?q=excel")).toEqual({ total: 1, cards: 1 });
    const live = await listPublishedCourses({ starts: "upcoming" });
    expect((await callLoader(catalogLoader, { url: "/en/courses?starts=upcoming" })).data!.result.total).toBe(live.total);
    // Announced, as every admin action does after its commit: every count is read again.
    await contentChanged();
    expect(await catalogue("/en/courses")).toEqual({ total: 3, cards: 3 });
    expect(await catalogue("/en/english-courses")).toEqual({ total: 2, cards: 2 });
    expect(await catalogue("/en/arabic-courses")).toEqual({ total: 1, cards: 1 });
  });

  it("keeps one value per key and version, at most as many keys as allowed, and no failed read", async () => {
    const kept = perVersionKeyed<string>(2);
    let loads = 0;
    const load = (value: string) => async () => `${value}#${++loads}`;
    expect(await kept("a", "v1", load("a"))).toBe("a#1");
    expect(await kept("a", "v1", load("a"))).toBe("a#1");
    expect(await kept("b", "v1", load("b"))).toBe("b#2");
    // A third key is computed, not kept.
    expect(await kept("c", "v1", load("c"))).toBe("c#3");
    expect(await kept("c", "v1", load("c"))).toBe("c#4");
    // A new version drops what the old one kept.
    expect(await kept("a", "v2", load("a"))).toBe("a#5");
    await expect(kept("b", "v2", () => Promise.reject(new Error("database unavailable")))).rejects.toThrow("database unavailable");
    expect(await kept("b", "v2", load("b"))).toBe("b#6");
  });

  it("reads one version per request, the page cache's when it read one", async () => {
    const context = contextFor();
    const first = requestVersion(context);
    expect(requestVersion(context)).toBe(first);
    expect(await first).toBe(await currentVersion());
    expect(requestVersion(contextFor())).not.toBe(first);
    const cached = contextFor();
    cached.set(pageVersionContext, "read-by-the-page-cache");
    expect(await requestVersion(cached)).toBe("read-by-the-page-cache");
  });

  it("does not keep a failed read", async () => {
    let loads = 0;
    const layout = perVersion(async () => {
      loads++;
      if (loads === 1) throw new Error("database unavailable");
      return loads;
    });
    await expect(layout()).rejects.toThrow("database unavailable");
    expect(await layout()).toBe(2);
  });
});

describe("content version", () => {
  it("moves on every announced write, and on PostgreSQL is shared through the database", async () => {
    const before = await currentVersion();
    await contentChanged();
    const after = await currentVersion();
    expect(after).not.toBe(before);
    if (database.kind !== "postgres") return;
    const [row] = (await database.pool!.query<{ v: string }>("select version::text as v from content_version")).rows;
    expect(after.split(".")[0]).toBe(row!.v);
    // Another instance's bump (a direct update here) is seen by the very next read.
    await database.pool!.query("update content_version set version = version + 1");
    expect((await currentVersion()).split(".")[0]).toBe(String(BigInt(row!.v) + 1n));
  });

  it("never answers a read with a query that began before it was asked (PostgreSQL)", async () => {
    if (database.kind !== "postgres") return;
    await contentChanged();
    // Many readers at once; a bump lands between them; every reader that asked after the bump sees it.
    const early = Array.from({ length: 20 }, () => currentVersion());
    await database.pool!.query("update content_version set version = version + 1");
    const [row] = (await database.pool!.query<{ v: string }>("select version::text as v from content_version")).rows;
    const late = await Promise.all(Array.from({ length: 20 }, () => currentVersion()));
    await Promise.all(early);
    for (const v of late) expect(v.split(".")[0]).toBe(row!.v);
  });
});
