// Every public page passes the Nu Html Checker (issue 36 item 8), in English and Arabic: the pages the
// sitemap lists (home, About, Services, Contact, the three catalogues, every category and subcategory page
// with a published course, every published course), each course's enrollment page, a catalogue search that
// finds nothing and the 404 page, as the server sends them; and, after hydration, the pages whose document
// React changes (home, a catalogue, a course, Contact, About) as the browser holds them. The checker
// (vnu.jar from the vnu-jar package, run by Java) starts once for all of them: a JVM start is slow.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { describe, expect, open, test as it } from "./fixtures.ts";

const baseUrl = inject("baseUrl");
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));
const JAVA = process.env.JAVA ?? "java";

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/**
 * Warnings the checker gives that are not faults of these pages, each with the reason; every other
 * warning fails the test like an error.
 * - Its language guess: a course page names its course in the course's language, which is often not the
 *   page's (an Arabic course on an English page, its title and description marked with their own `lang`).
 *   The guess reads the whole text and cannot know that; the `lang` on each part is what a reader uses.
 */
const IGNORED_WARNINGS: readonly RegExp[] = [/^This document appears to be written in /];

let dir: string;
/** Each saved document's file name → where it came from ("en /courses", "ar /courses (hydrated)"). */
const sources = new Map<string, string>();

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "html-validator-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function save(label: string, html: string): void {
  const file = `page-${sources.size + 1}.html`;
  fs.writeFileSync(path.join(dir, file), html);
  sources.set(file, label);
}

/** The paths the sitemap lists (both languages), as paths on the test server. */
async function sitemapPaths(): Promise<string[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  expect(response.status).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
}

/** Runs vnu.jar once over every saved document; its JSON report's messages. */
function runChecker(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(JAVA, ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", "--stdout", ...files], { cwd: dir });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`vnu.jar exited with ${code}:\n${err}`));
      try {
        resolve((JSON.parse(out) as { messages: VnuMessage[] }).messages);
      } catch (e) {
        reject(new Error(`vnu.jar's report is not JSON (${String(e)}):\n${out.slice(0, 2000)}\n${err}`));
      }
    });
  });
}

/** "en /courses/x, line 1, col 200: message «extract»" for a failing run's output. */
function describeMessage(m: VnuMessage): string {
  const file = m.url ? path.basename(new URL(m.url).pathname) : "";
  const where = `${sources.get(file) ?? (file || "?")}, line ${m.lastLine ?? "?"}, col ${m.firstColumn ?? m.lastColumn ?? "?"}`;
  const kind = m.type === "info" ? "warning" : m.type;
  return `${kind}: ${where}: ${m.message}${m.extract ? `\n    «${m.extract.replace(/\s+/g, " ").trim()}»` : ""}`;
}

describe("the Nu Html Checker", () => {
  it("finds no error on any public page in either language, served or hydrated", { timeout: 240_000 }, async ({ newPage }) => {
    const listed = await sitemapPaths();
    const coursePaths = listed.filter((p) => /^\/(en|ar)\/courses\/[^/?]+$/.test(p));
    // The sitemap has both languages of every page, every catalogue and at least the demo's courses.
    for (const lang of ["en", "ar"]) {
      for (const page of ["", "/about", "/services", "/contact", "/courses", "/english-courses", "/arabic-courses"]) {
        expect(listed).toContain(`/${lang}${page}`);
      }
      expect(coursePaths.filter((p) => p.startsWith(`/${lang}/`)).length).toBeGreaterThan(3);
    }
    const served = [
      ...listed,
      ...coursePaths.map((p) => `${p}/enroll`),
      "/en/courses?q=zzzzqqqq",
      "/ar/courses?q=zzzzqqqq",
      "/en/no-such-page",
      "/ar/no-such-page",
    ];
    for (const p of served) {
      const response = await fetch(`${baseUrl}${p}`, { redirect: "manual" });
      // A course unpublished meanwhile by another test of the run answers the 404 page: checked as well.
      expect([200, 404], `${p} answered ${response.status}`).toContain(response.status);
      expect(response.headers.get("content-type") ?? "").toContain("text/html");
      save(`${p.slice(1, 3)} ${p.slice(3) || "/"}${response.status === 404 ? " (404)" : ""}`, await response.text());
    }

    // After hydration: the document as the browser holds it (React may add, move or change elements).
    const course = coursePaths.find((p) => p.startsWith("/en/"))!.slice(3);
    for (const lang of ["en", "ar"] as const) {
      const page = await newPage({ locale: lang });
      for (const p of ["", "/courses", course, "/contact", "/about"]) {
        await open(page, `/${lang}${p}`);
        save(`${lang} ${p || "/"} (hydrated)`, await page.content());
      }
    }

    const messages = await runChecker([...sources.keys()]);
    const failures = messages.filter(
      (m) => m.type !== "info" || (m.subType === "warning" && !IGNORED_WARNINGS.some((w) => w.test(m.message))),
    );
    expect(failures.map(describeMessage), `${failures.length} errors in ${sources.size} documents`).toEqual([]);
  });
});
