// A course's sharing image (issue 19 point 6): /og/courses/<slug>.jpg answers a 1200×630 image/jpeg made
// from the course's thumbnail (read from storage), or a branded card for a course without one; it is made
// once and kept under DATA_DIR/og-images (a second request reads the kept file), a new thumbnail makes a
// new version and removes the old file, and a draft or an unknown course is a 404. The course page's head
// links it with its size and type. Real route modules, real database, real sharp.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { courses, siteSettings } from "@db/schema/index.ts";
import { createLocalStorage, getStorage, setStorage } from "~/lib/storage.server.ts";
import { loader as ogLoader } from "~/routes/api/og-image.ts";
import { loader as siteOgLoader } from "~/routes/api/og-site-image.ts";
import { loader as aboutLoader, meta as aboutMeta } from "~/routes/site/about.tsx";
import { loader as courseLoader, meta as courseMeta } from "~/routes/site/course.tsx";
import { OG_IMAGE, ogImagePath, siteOgImagePath } from "~/lib/og-image.ts";
import { loader as rootLoader } from "~/root.tsx";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { makeCourse } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";

const root = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/og-image-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  process.env.DATA_DIR = dir;
  return dir;
});
const keptDir = path.join(root, "og-images");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  setStorage(createLocalStorage(path.join(root, "uploads")));
});
afterAll(async () => {
  setStorage(undefined);
  await database?.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(database.db);
  fs.rmSync(keptDir, { recursive: true, force: true });
});

/** Stores a plain-coloured 800×600 WebP as an uploaded thumbnail; returns its public URL. */
async function storeThumbnail(name: string, color: { r: number; g: number; b: number }): Promise<string> {
  const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).webp().toBuffer();
  const key = `images/thumbnails/${name}.webp`;
  await getStorage().put(key, data, { contentType: "image/webp", visibility: "public" });
  return getStorage().publicUrl(key);
}

async function fetchImage(slug: string, version?: string) {
  const res = await callLoader(ogLoader, { url: `/og/courses/${slug}.jpg${version ? `?v=${version}` : ""}`, params: { file: `${slug}.jpg` } });
  return res;
}

async function jpegOf(res: { response?: Response }) {
  const body = Buffer.from(await res.response!.arrayBuffer());
  const meta = await sharp(body).metadata();
  const { data } = await sharp(body).extract({ left: 590, top: 305, width: 20, height: 20 }).raw().toBuffer({ resolveWithObject: true });
  return { body, meta, centre: { r: data[0]!, g: data[1]!, b: data[2]! } };
}

const keptFiles = () => (fs.existsSync(keptDir) ? fs.readdirSync(keptDir) : []);

describe("course sharing image", () => {
  it("is a 1200×630 JPEG made from the thumbnail, made once and kept on disk", async () => {
    const thumbnailUrl = await storeThumbnail("red", { r: 200, g: 20, b: 20 });
    await makeCourse({ title: "Red Course", slug: "red-course", isPublished: true, thumbnailUrl });
    const version = new URL(ogImagePath({ slug: "red-course", title: "Red Course", thumbnailUrl }), "http://x").searchParams.get("v")!;

    const res = await fetchImage("red-course", version);
    expect(res.status).toBe(200);
    expect(res.response?.headers.get("Content-Type")).toBe("image/jpeg");
    expect(res.response?.headers.get("Cache-Control")).toContain("immutable");
    const image = await jpegOf(res);
    expect(image.meta).toMatchObject({ format: "jpeg", width: OG_IMAGE.width, height: OG_IMAGE.height });
    // The thumbnail's colour, not the branded card's teal.
    expect(image.centre.r).toBeGreaterThan(150);
    expect(image.centre.g).toBeLessThan(80);

    expect(keptFiles()).toHaveLength(1);
    const file = path.join(keptDir, keptFiles()[0]!);
    const stat = fs.statSync(file);
    expect(stat.mode & 0o077).toBe(0); // owner-only, like everything in DATA_DIR
    // The second request reads the kept file: same bytes, the file not written again.
    fs.utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    const again = await jpegOf(await fetchImage("red-course", version));
    expect(again.body.equals(image.body)).toBe(true);
    expect(fs.statSync(file).mtime.getFullYear()).toBe(2020);
  });

  it("makes a new version when the thumbnail changes and removes the old file", async () => {
    const red = await storeThumbnail("red2", { r: 200, g: 20, b: 20 });
    const { id } = await makeCourse({ title: "Changing", slug: "changing", isPublished: true, thumbnailUrl: red });
    await fetchImage("changing");
    const first = keptFiles();
    expect(first).toHaveLength(1);

    const blue = await storeThumbnail("blue", { r: 20, g: 20, b: 200 });
    await database.db.update(courses).set({ thumbnailUrl: blue }).where(eq(courses.id, id));
    const res = await fetchImage("changing");
    // An old version in the URL: the current image, cached briefly.
    expect(res.response?.headers.get("Cache-Control")).toBe("public, max-age=300");
    const image = await jpegOf(res);
    expect(image.centre.b).toBeGreaterThan(150);
    expect(keptFiles()).toHaveLength(1);
    expect(keptFiles()[0]).not.toBe(first[0]);
  });

  it.each(["en", "ar"] as const)("is a generated branded card for a course without a thumbnail (%s course)", async (language) => {
    await database.db.insert(siteSettings).values({ key: "brand", value: { name: { en: "Nile Academy", ar: "أكاديمية النيل" } } });
    await makeCourse({ title: language === "ar" ? "دورة بلا صورة" : "No Picture Course", slug: `plain-${language}`, isPublished: true, language, thumbnailUrl: null });
    const res = await fetchImage(`plain-${language}`);
    expect(res.status).toBe(200);
    const image = await jpegOf(res);
    expect(image.meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // The brand's teal background (#134e4a → #0f766e), not white or black.
    const { data } = await sharp(image.body).extract({ left: 20, top: 300, width: 10, height: 10 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[1]!).toBeGreaterThan(data[0]! + 30);
  });

  it("answers 404 for a draft, an unknown course and a malformed name", async () => {
    await makeCourse({ title: "Draft", slug: "draft-course", isPublished: false });
    expect((await fetchImage("draft-course")).status).toBe(404);
    expect((await fetchImage("nothing-here")).status).toBe(404);
    const odd = await callLoader(ogLoader, { url: "/og/courses/..%2Fsecret", params: { file: "../secret" } });
    expect(odd.status).toBe(404);
  });

  it("is linked from the course page's head with its size and type", async () => {
    const thumbnailUrl = await storeThumbnail("head", { r: 10, g: 120, b: 10 });
    await makeCourse({ title: "Head Course", slug: "head-course", isPublished: true, thumbnailUrl });
    const page = await callLoader(courseLoader, { url: "/en/courses/head-course", params: { lang: "en", slug: "head-course" } });
    const tags = courseMeta({
      loaderData: page.data,
      matches: [{ loaderData: { origin: "https://academy.example", locale: "en", brand: "Nile Academy" } }],
    } as unknown as Parameters<typeof courseMeta>[0]);
    const prop = (name: string) => (tags.find((t) => "property" in t && t.property === name) as { content: string } | undefined)?.content;
    expect(prop("og:image")).toBe(`https://academy.example${ogImagePath({ slug: "head-course", title: "Head Course", thumbnailUrl })}`);
    expect(prop("og:image:width")).toBe("1200");
    expect(prop("og:image:height")).toBe("630");
    expect(prop("og:image:type")).toBe("image/jpeg");
    // And that URL answers the image.
    const url = new URL(prop("og:image")!);
    const res = await callLoader(ogLoader, { url: `${url.pathname}${url.search}`, params: { file: "head-course.jpg" } });
    expect(res.response?.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await jpegOf(res)).meta).toMatchObject({ width: 1200, height: 630 });
  });
});

/** The colour of a 10×10 square of a JPEG at (left, top). */
async function colourAt(body: Buffer, left: number, top: number) {
  const { data } = await sharp(body).extract({ left, top, width: 10, height: 10 }).raw().toBuffer({ resolveWithObject: true });
  return { r: data[0]!, g: data[1]!, b: data[2]! };
}

describe("course sharing image: the thumbnail whole (issue 36 item 9)", () => {
  it("keeps the thumbnail's top and bottom (where the demo's letter badge sits), the sides filled by a dimmed copy", async () => {
    // 800×600: a red band across the top 60 px and a green one across the bottom 60 px, blue between. A crop
    // to 1200×630 cut 90 px off each end of the source, so neither band survived it.
    const bands = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 20, b: 200 } } })
      .composite([
        { input: { create: { width: 800, height: 60, channels: 3, background: { r: 220, g: 20, b: 20 } } }, top: 0, left: 0 },
        { input: { create: { width: 800, height: 60, channels: 3, background: { r: 20, g: 200, b: 20 } } }, top: 540, left: 0 },
      ])
      .webp({ lossless: true })
      .toBuffer();
    await getStorage().put("images/thumbnails/bands.webp", bands, { contentType: "image/webp", visibility: "public" });
    await makeCourse({ title: "Bands", slug: "bands", isPublished: true, thumbnailUrl: getStorage().publicUrl("images/thumbnails/bands.webp") });
    const { body, meta } = await jpegOf(await fetchImage("bands"));
    expect(meta).toMatchObject({ width: 1200, height: 630 });
    const top = await colourAt(body, 595, 15);
    expect(top.r).toBeGreaterThan(170);
    expect(top.b).toBeLessThan(80);
    const bottom = await colourAt(body, 595, 605);
    expect(bottom.g).toBeGreaterThan(150);
    expect(bottom.r).toBeLessThan(80);
    // The thumbnail (840 px wide at 630 px high) is centred; at the far edge is the dimmed fill, darker than it.
    const middle = await colourAt(body, 595, 300);
    const side = await colourAt(body, 5, 300);
    expect(side.b).toBeLessThan(middle.b - 40);
  });
});

describe("the site's sharing image (issue 36 item 9)", () => {
  const fetchSite = (file: string, version?: string) =>
    callLoader(siteOgLoader, { url: `/og/site/${file}${version ? `?v=${version}` : ""}`, params: { file } });

  it.each(["en", "ar"] as const)("is a 1200×630 branded JPEG in %s, made once, linked from About's head", async (lang) => {
    await database.db.insert(siteSettings).values({ key: "brand", value: { name: { en: "Nile Academy", ar: "أكاديمية النيل" } } });
    const brand = lang === "ar" ? "أكاديمية النيل" : "Nile Academy";
    const page = await callLoader(aboutLoader, { url: `/${lang}/about`, params: { lang } });
    // The root loader hands every page its language's card; About's head links it.
    const root = (await callLoader(rootLoader, { url: `/${lang}/about` })).data!;
    const tags = aboutMeta({
      loaderData: page.data,
      matches: [{ loaderData: root }],
    } as unknown as Parameters<typeof aboutMeta>[0]);
    const prop = (name: string) => (tags.find((t) => "property" in t && t.property === name) as { content: string } | undefined)?.content;
    expect(prop("og:image")).toBe(`${root.origin}${siteOgImagePath(lang, brand)}`);
    expect(prop("og:image:alt")).toBe(brand);

    const version = new URL(prop("og:image")!).searchParams.get("v")!;
    const res = await fetchSite(`${lang}.jpg`, version);
    expect(res.status).toBe(200);
    expect(res.response?.headers.get("Content-Type")).toBe("image/jpeg");
    expect(res.response?.headers.get("Cache-Control")).toContain("immutable");
    const { body, meta } = await jpegOf(res);
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    const corner = await colourAt(body, 20, 300);
    expect(corner.g).toBeGreaterThan(corner.r + 30); // the brand's teal
    expect(keptFiles().filter((f) => f.startsWith(`site-${lang}-`))).toHaveLength(1);
    // An old version (the academy renamed since): the current image, briefly cached.
    expect((await fetchSite(`${lang}.jpg`, "old")).response?.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("answers 404 for another language or a crafted name", async () => {
    for (const file of ["fr.jpg", "en.png", "../en.jpg", "en.jpg.jpg", ""]) {
      expect((await fetchSite(file)).status, file).toBe(404);
    }
  });
});

