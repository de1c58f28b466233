// The view-only document viewer (issue 7 item 5, D8) on the production build, as an admin: a course gets a
// real two-page PDF (written here, byte by byte) → Edit → View opens a modal named after the file that
// paints both pages onto canvases with PDF.js (the second only once scrolled to), sharp for the device
// pixel ratio; no link, no download, no text layer; right-click, drag and selection are blocked; full
// screen toggles and the pages re-render for the new width; Escape closes. The PDF.js worker comes from
// our origin and the CSP reports nothing. Arabic is right to left; axe finds nothing with the viewer open.
// Once signed out, the viewer shows the translated error instead of a page.
// (The non-PDF notice is covered by app/components/document-viewer/document-viewer.test.tsx.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, open, signIn, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const baseUrl = inject("baseUrl");
const FILE_NAME = "two-page-handout.pdf";
let files: string;

/**
 * A valid PDF with one page per entry: a filled rectangle of the given RGB colour and a line of text
 * (Helvetica). Offsets in the cross-reference table are exact, so PDF.js reads it without repairing.
 */
function pdfWithPages(pages: { rgb: [number, number, number]; text: string }[]): Buffer {
  const pageIds = pages.map((_, i) => 4 + i * 2);
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (const [i, page] of pages.entries()) {
    const content = `${page.rgb.map((c) => (c / 255).toFixed(3)).join(" ")} rg 30 200 240 180 re f 0 0 0 rg BT /F1 20 Tf 30 120 Td (${page.text}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 420] /Contents ${pageIds[i]! + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const TEAL: [number, number, number] = [15, 118, 110];
const ORANGE: [number, number, number] = [234, 88, 12];

beforeAll(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-viewer-"));
  fs.writeFileSync(
    path.join(files, FILE_NAME),
    pdfWithPages([
      { rgb: TEAL, text: "Handout page one" },
      { rgb: ORANGE, text: "Handout page two" },
    ]),
  );
});
afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

/** Problems a page reports: CSP violations, console errors, requests to other origins. */
function watch(page: Page) {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("request", (req) => {
    requests.push(req.url());
    if (!req.url().startsWith(baseUrl) && !req.url().startsWith("data:") && !req.url().startsWith("blob:")) {
      problems.push(`foreign request: ${req.url()}`);
    }
  });
  return { problems, requests };
}

/** Per canvas: its size in device pixels, its CSS width, and how many pixels match each colour. */
function readCanvases(dialog: Locator) {
  return dialog.locator("canvas").evaluateAll(
    (canvases, colours) =>
      canvases.map((node) => {
        const canvas = node as HTMLCanvasElement;
        const { width, height } = canvas;
        const counts = { nonWhite: 0, teal: 0, orange: 0 };
        if (width > 0 && height > 0) {
          const data = canvas.getContext("2d")!.getImageData(0, 0, width, height).data;
          const near = (i: number, rgb: number[]) =>
            Math.abs(data[i]! - rgb[0]!) < 12 && Math.abs(data[i + 1]! - rgb[1]!) < 12 && Math.abs(data[i + 2]! - rgb[2]!) < 12;
          for (let i = 0; i < data.length; i += 4) {
            if (data[i]! < 250 || data[i + 1]! < 250 || data[i + 2]! < 250) counts.nonWhite++;
            if (near(i, colours.teal)) counts.teal++;
            if (near(i, colours.orange)) counts.orange++;
          }
        }
        return { width, height, cssWidth: canvas.getBoundingClientRect().width, total: width * height, ...counts };
      }),
    { teal: TEAL, orange: ORANGE },
  );
}

/** Dispatches a cancelable event inside the viewer; true when the viewer prevented its default. */
function prevented(target: Locator, type: "contextmenu" | "dragstart" | "selectstart") {
  return target.evaluate((el, kind) => {
    const event =
      kind === "contextmenu"
        ? new MouseEvent(kind, { bubbles: true, cancelable: true, button: 2 })
        : kind === "dragstart"
          ? new DragEvent(kind, { bubbles: true, cancelable: true })
          : new Event(kind, { bubbles: true, cancelable: true });
    el.dispatchEvent(event);
    return event.defaultPrevented;
  }, type);
}

describe("document viewer", () => {
  it("shows a course PDF view-only, page by page on canvas, in English and Arabic", async ({ browser, newPage }) => {
    const page = await newPage({ locale: "en", viewport: { width: 1400, height: 1000 }, context: { deviceScaleFactor: 2 } });
    await signIn(page, "admin");
    const { problems, requests } = watch(page);

    // A course with the PDF, through the course form (the upload is real).
    const title = `Viewer course ${Date.now().toString(36)}`;
    await open(page, "/admin/courses?lang=en&dialog=create");
    const create = page.getByRole("dialog", { name: "Create Course" });
    await create.waitFor();
    await field(create, "Title").fill(title);
    await field(create, "Language").selectOption("en");
    await create.getByLabel("Course Documents (PDF)").setInputFiles(path.join(files, FILE_NAME));
    const uploaded = create.getByRole("list", { name: "Uploaded documents" }).getByRole("listitem");
    await expect.poll(() => uploaded.count(), { timeout: 20_000 }).toBe(1);
    // Not saved yet: nothing to view.
    expect(await create.getByRole("button", { name: `View ${FILE_NAME}` }).count()).toBe(0);
    await create.getByRole("button", { name: "Create Course" }).click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0);

    await open(page, "/admin/courses?lang=en&sort=created_desc");
    const editLink = page.getByRole("link", { name: `Edit: ${title}` });
    const courseId = (await editLink.getAttribute("href"))!.match(/course=([0-9a-f-]{36})/)![1]!;
    await editLink.click();
    const edit = page.getByRole("dialog", { name: "Edit Course" });
    await edit.waitFor();

    // View → the viewer, named after the file.
    const viewButton = edit.getByRole("button", { name: `View ${FILE_NAME}` });
    await viewButton.click();
    const viewer = page.getByRole("dialog", { name: FILE_NAME });
    await viewer.waitFor();
    expect(await viewer.getByText("Document is displayed in view-only mode").isVisible()).toBe(true);
    const pages = viewer.getByRole("img", { name: /^Page \d of 2$/ });
    await expect.poll(() => pages.count(), { timeout: 20_000 }).toBe(2);

    // Lazy: the first page is painted, the second (a screen further down) not yet.
    const painted = viewer.locator("[data-page][data-painted]");
    await expect.poll(() => painted.count(), { timeout: 20_000 }).toBe(1);
    expect(await painted.getAttribute("data-page")).toBe("1");
    await viewer.getByRole("region", { name: `Pages of ${FILE_NAME}` }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => painted.count(), { timeout: 20_000 }).toBe(2);
    await screenshot(page, "document-viewer");

    // Real pixels: each page carries its own colour; device-pixel sharp (2× the CSS width).
    const [first, second] = await readCanvases(viewer);
    expect(first!.nonWhite).toBeGreaterThan(first!.total * 0.2);
    expect(first!.teal).toBeGreaterThan(first!.total * 0.2);
    expect(first!.orange).toBe(0);
    expect(second!.orange).toBeGreaterThan(second!.total * 0.2);
    expect(second!.teal).toBe(0);
    expect(Math.abs(first!.width - first!.cssWidth * 2)).toBeLessThanOrEqual(2);
    expect(first!.height / first!.width).toBeCloseTo(420 / 300, 1);

    // View-only: no link at all (so no download), no text layer, the page text is not in the document.
    expect(await viewer.locator("a").count()).toBe(0);
    expect(await page.locator("a[download]").count()).toBe(0);
    expect(await viewer.locator(".textLayer, [class*='textLayer'], [class*='annotationLayer']").count()).toBe(0);
    expect(await page.getByText("Handout page one").count()).toBe(0);
    expect(await viewer.locator("canvas").first().evaluate((el) => getComputedStyle(el).userSelect)).toBe("none");
    const canvas = viewer.locator("canvas").first();
    expect(await prevented(canvas, "contextmenu")).toBe(true);
    expect(await prevented(canvas, "dragstart")).toBe(true);
    expect(await prevented(canvas, "selectstart")).toBe(true);
    expect(await prevented(viewer.getByText("Document is displayed in view-only mode"), "contextmenu")).toBe(true);

    // Full screen on, the pages re-render for the wider area; off again.
    const before = first!.width;
    await viewer.getByRole("button", { name: "Full screen" }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute("role") ?? null)).toBe("dialog");
    await expect.poll(async () => (await readCanvases(viewer))[0]!.width).toBeGreaterThan(before);
    await viewer.getByRole("button", { name: "Exit full screen" }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await expect.poll(async () => (await readCanvases(viewer))[0]!.width).toBe(before);
    // A narrower window: narrower pages.
    await page.setViewportSize({ width: 900, height: 1000 });
    await expect.poll(async () => (await readCanvases(viewer))[0]!.width).toBeLessThan(before);
    await page.setViewportSize({ width: 1400, height: 1000 });

    await expectNoAxeViolations(page);

    // Escape closes the viewer only; focus goes back to its button.
    await page.keyboard.press("Escape");
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await edit.isVisible()).toBe(true);
    expect(await viewButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // The document came from the access-checked route; PDF.js and its worker from our own assets.
    expect(requests.some((u) => u.startsWith(`${baseUrl}/files/documents/`))).toBe(true);
    expect(requests.some((u) => /\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(u))).toBe(true);
    expect(problems).toEqual([]);

    // Arabic, right to left, the viewer open: translated, and axe finds nothing.
    await open(page, `/admin/courses?lang=ar&dialog=edit&course=${courseId}`);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByRole("button", { name: `عرض ${FILE_NAME}` }).click();
    const arViewer = page.getByRole("dialog", { name: FILE_NAME });
    await arViewer.waitFor();
    expect(await arViewer.getByText("المستند متاح للقراءة فقط").isVisible()).toBe(true);
    expect(await arViewer.getByRole("button", { name: "ملء الشاشة" }).count()).toBe(1);
    expect(await arViewer.getByRole("button", { name: "إغلاق" }).count()).toBe(1);
    await expect.poll(() => arViewer.getByRole("img", { name: "الصفحة 1 من 2" }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => arViewer.locator("[data-page='1'][data-painted]").count(), { timeout: 20_000 }).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, "document-viewer-ar");
    await arViewer.getByRole("button", { name: "إغلاق" }).click();
    await expect.poll(() => arViewer.count()).toBe(0);
    expect(problems).toEqual([]);

    // Signed out, the same document is refused, and the viewer says so instead of drawing anything.
    const documentUrl = requests.find((u) => u.startsWith(`${baseUrl}/files/documents/`))!;
    const anonymous = await browser.newContext({ baseURL: baseUrl });
    const response = await anonymous.request.get(documentUrl);
    expect(response.status()).toBe(401);
    await anonymous.close();
    await page.context().clearCookies();
    await page.getByRole("button", { name: `عرض ${FILE_NAME}` }).click();
    const refused = page.getByRole("dialog", { name: FILE_NAME });
    await refused.getByRole("alert").filter({ hasText: "انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى لعرض هذا المستند." }).waitFor();
    expect(await refused.locator("canvas").count()).toBe(0);
    expect(await refused.getByRole("button", { name: "حاول مرة أخرى" }).count()).toBe(1);
    await expectNoAxeViolations(page);
  }, 180_000);
});
