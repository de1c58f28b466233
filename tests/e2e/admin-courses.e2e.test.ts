// Admin content on the production build (issue 5 acceptance, one journey): an admin creates a category
// and a subcategory, an instructor with a photo, then a course with a real thumbnail and two PDFs assigned
// to them, published → it shows on /courses with the resized WebP (800w + 400w srcset); unpublished → it
// is gone. A manager without courses:publish sees the status
// read-only, and crafted publish requests (toggle, create, edit) publish nothing; the draft they create
// stays theirs to open and edit (issue 36 item 15, ADR 030). axe in English and
// Arabic with the form open. Runs its own server (fresh data directory) so that no other journey
// changes the manager role's permissions meanwhile.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { minimalPdf } from "../setup/pdf.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, ownApp, signIn, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const ADMIN_EMAIL = "courses-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
const MANAGER_PASSWORD = "Manager-Passw0rd";

const own = ownApp({ name: "admin-courses", postgres: false, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
let files: string;

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-course-files-"));
  // A real PNG, larger than the thumbnail size, so the server has to resize it.
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 110, b: 120 } } })
    .png()
    .toFile(path.join(files, "cover.png"));
  await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toFile(path.join(files, "portrait.jpg"));
  fs.writeFileSync(path.join(files, "syllabus.pdf"), minimalPdf("Syllabus"));
  fs.writeFileSync(path.join(files, "workbook.pdf"), minimalPdf("Workbook"));
  // Files named as an image and a PDF whose content is text: refused by the server, which reads the content.
  fs.writeFileSync(path.join(files, "not-an-image.png"), "this is not an image\n".repeat(20));
  fs.writeFileSync(path.join(files, "not-a-document.pdf"), "this is not a PDF\n".repeat(20));
});
afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** A page of its own (1400×1000) on this file's server. */
async function laptop(newPage: NewPage) {
  const page = await newPage({ baseURL: own.url, locale: "en", viewport: { width: 1400, height: 1000 } });
  return { context: page.context(), page };
}

function courseRow(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(title) }) });
}

/** The catalogue card of a course, found by a title search. */
async function catalogueCard(page: Page, title: string) {
  await page.goto(`/en/courses?q=${encodeURIComponent(title)}`);
  return page.getByRole("article").filter({ hasText: title });
}

describe("admin courses", () => {
  const title = `E2E Arabic Conversation ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");

  it("creates a category, a subcategory, an instructor with a photo and a published course with a thumbnail and two PDFs, then unpublishes it; a manager without publish cannot publish", async ({ newPage }) => {
    const { context: adminContext, page: admin } = await laptop(newPage);
    await signIn(admin, ADMIN);
    const stamp = Date.now().toString(36);

    // A category and a subcategory of it.
    const category = `Spoken Languages ${stamp}`;
    const subcategory = `Conversation ${stamp}`;
    await admin.goto("/admin/categories?lang=en");
    await admin.locator("html[data-hydrated]").waitFor();
    await admin.getByRole("button", { name: "Create Category" }).first().click();
    let dialog = admin.getByRole("dialog", { name: "Create Category" });
    await field(dialog, "Name").fill(category);
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect.poll(() => admin.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);
    await admin.getByRole("button", { name: "Create Subcategory" }).first().click();
    dialog = admin.getByRole("dialog", { name: "Create Subcategory" });
    await field(dialog, "Name").fill(subcategory);
    await field(dialog, "Category").selectOption({ label: category });
    await dialog.getByRole("button", { name: "Create Subcategory" }).click();
    await expect.poll(() => admin.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => admin.getByRole("row", { name: new RegExp(subcategory) }).count()).toBe(1);

    // An instructor with a photo (re-encoded to a 400×400 WebP).
    const instructor = `Karim Nabil ${stamp}`;
    await admin.goto("/admin/instructors?lang=en");
    await admin.locator("html[data-hydrated]").waitFor();
    await admin.getByRole("button", { name: "Add Instructor" }).first().click();
    dialog = admin.getByRole("dialog", { name: "Add Instructor" });
    await field(dialog, "Name").fill(instructor);
    await field(dialog, "Title").fill("Arabic Conversation Coach");
    await dialog.locator('input[type="file"]').setInputFiles(path.join(files, "portrait.jpg"));
    const photoInput = dialog.locator('input[name="photoUrl"]');
    await expect.poll(() => photoInput.inputValue(), { timeout: 20_000 }).toMatch(/^\/media\/photos\/\d{4}\/[a-f0-9]{32}\.webp$/);
    const photoUrl = await photoInput.inputValue();
    await dialog.getByRole("button", { name: "Add Instructor" }).click();
    await expect.poll(() => admin.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);
    const photo = await admin.request.get(photoUrl);
    expect(photo.headers()["content-type"]).toBe("image/webp");
    expect(await sharp(await photo.body()).metadata()).toMatchObject({ format: "webp", width: 400, height: 400 });

    // The dashboard's Create Course (?action=create) opens the form directly.
    await admin.goto("/admin?lang=en");
    await admin.locator("html[data-hydrated]").waitFor();
    await admin.getByRole("link", { name: "Create Course" }).click();
    dialog = admin.getByRole("dialog", { name: "Create Course" });
    await dialog.waitFor();
    await expectNoAxeViolations(admin);

    await field(dialog, "Title").fill(title);
    // The slug follows the title while creating.
    await expect.poll(() => field(dialog, "Slug").inputValue()).toBe(slug);
    await field(dialog, "Language").selectOption("en");
    await field(dialog, "Assign to Instructor").selectOption({ label: instructor });
    await field(dialog, "Category").selectOption({ label: category });
    await field(dialog, "Subcategory (optional)").selectOption({ label: subcategory });
    await field(dialog, "Duration (hours)").fill("12");
    await field(dialog, "Price (EGP)").fill("350.5");
    await field(dialog, "Summary").fill("Speak everyday Arabic with confidence.");
    await field(dialog, "Level").selectOption("beginner");
    await field(dialog, "Curriculum").fill("Greetings\nAt the market\nTravel");
    await dialog.getByLabel("Publish this course").check();

    // An upload the server refuses (a ".png" that is text) shows its error; the next one that succeeds
    // clears it (issue 17), for the thumbnail and for the documents.
    const uploadErrors = dialog.getByRole("alert").filter({ hasText: /upload failed/ });
    await dialog.getByLabel("Course Thumbnail").setInputFiles(path.join(files, "not-an-image.png"));
    await expect.poll(() => uploadErrors.allTextContents(), { timeout: 20_000 }).toEqual([expect.stringMatching(/^Image upload failed: .+/)]);
    await dialog.getByLabel("Course Thumbnail").setInputFiles(path.join(files, "cover.png"));
    const thumbnail = dialog.locator('input[name="thumbnailUrl"]');
    await expect.poll(() => thumbnail.inputValue(), { timeout: 20_000 }).toMatch(/^\/media\/images\/.+\.webp$/);
    await expect.poll(() => uploadErrors.count()).toBe(0);
    await dialog.getByLabel("Course Documents (PDF)").setInputFiles(path.join(files, "not-a-document.pdf"));
    await expect.poll(() => uploadErrors.allTextContents(), { timeout: 20_000 }).toEqual([expect.stringContaining("not-a-document.pdf: Document upload failed")]);
    await dialog.getByLabel("Course Documents (PDF)").setInputFiles([path.join(files, "syllabus.pdf"), path.join(files, "workbook.pdf")]);
    const documentsList = dialog.getByRole("list", { name: "Uploaded documents" });
    await expect.poll(() => documentsList.getByRole("listitem").count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => uploadErrors.count()).toBe(0);
    await screenshot(admin, "admin-course-form");

    await dialog.getByRole("button", { name: "Create Course" }).click();
    await expect.poll(() => admin.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0);
    // Saved from the dashboard, the form lands on the list with the new course in it (issue 17).
    await admin.waitForURL(/\/admin\/courses$/);
    const row = courseRow(admin, title);
    await expect.poll(() => row.count()).toBe(1);
    await admin.goto("/admin/courses?lang=en");
    // The filters below apply on change once the page runs (before that, Apply does it).
    await admin.locator("html[data-hydrated]").waitFor();
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole("cell", { name: category }).count()).toBe(1);
    expect(await admin.title()).toMatch(/^Courses \(\d+\) · \S/);

    // A search by words of the title: typing does not reload the list, Enter does; the course is the only row.
    const filters = admin.getByRole("form", { name: "Filter courses" });
    const search = filters.getByLabel("Search");
    const words = title.split(" ").slice(-2).join(" ").toLowerCase();
    await search.fill(words);
    // A list that applied itself on each keystroke would have navigated by now.
    await admin.waitForTimeout(400);
    expect(new URL(admin.url()).searchParams.has("q")).toBe(false);
    await search.press("Enter");
    await admin.waitForURL((url) => url.searchParams.get("q") === words);
    await expect.poll(() => admin.locator("tbody tr").count()).toBe(1);
    expect(await row.count()).toBe(1);
    expect(await search.inputValue()).toBe(words);
    await admin.goto("/admin/courses?lang=en");
    await admin.locator("html[data-hydrated]").waitFor();

    // Filters that match nothing say so and offer Clear Filters, not "Create Your First Course" (issue 17).
    await filters.getByLabel("Category").selectOption({ label: category });
    await admin.waitForURL(/category=/);
    await filters.getByLabel("Language").selectOption("ar");
    await admin.waitForURL(/language=ar/);
    await expect.poll(() => admin.getByText("No courses match these filters", { exact: true }).count()).toBe(1);
    expect(await admin.getByText("Create Your First Course").count()).toBe(0);
    await expect.poll(() => admin.title()).toMatch(/^Courses \(0\) · \S/);
    const noMatchUrl = admin.url();
    await admin.goto(`${noMatchUrl}&lang=ar`);
    await expect.poll(() => admin.getByText("لا توجد دورات تطابق هذه الفلاتر", { exact: true }).count()).toBe(1);
    expect(await admin.title()).toMatch(/^الدورات \(0\) · \S/);
    expect(await admin.getByRole("link", { name: "مسح الفلاتر" }).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(admin);
    // ?lang=ar saved Arabic as this admin's language; back to English.
    await admin.goto(`${noMatchUrl}&lang=en`);
    await admin.locator("html[data-hydrated]").waitFor();
    await admin.getByRole("link", { name: "Clear Filters" }).last().click();
    await admin.waitForURL(/\/admin\/courses$/);
    await expect.poll(() => row.count()).toBe(1);
    expect(await admin.getByText("No courses match these filters").count()).toBe(0);
    expect(await row.getByText("350.50 EGP").count()).toBe(1);
    expect(await row.getByText("0 enrolled").count()).toBe(1);
    const rowImage = row.locator("img");
    expect(await rowImage.getAttribute("src")).toMatch(/^\/media\/images\/.+\.webp$/);

    // The edit form shows both documents and the assigned instructor.
    await row.getByRole("link", { name: `Edit: ${title}` }).click();
    const edit = admin.getByRole("dialog", { name: "Edit Course" });
    await edit.waitFor();
    expect(await edit.getByRole("list", { name: "Uploaded documents" }).getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("syllabus.pdf"),
      expect.stringContaining("workbook.pdf"),
    ]);
    expect(await field(edit, "Assign to Instructor").locator("option:checked").textContent()).toBe(instructor);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => admin.getByRole("dialog").count()).toBe(0);

    // Published: on the catalogue with the resized WebP.
    const { context: visitorContext, page: visitor } = await laptop(newPage);
    const card = await catalogueCard(visitor, title);
    await expect.poll(() => card.count()).toBe(1);
    const img = card.locator("img").first();
    const src = await img.getAttribute("src");
    expect(src).toMatch(/^\/media\/images\/.+\.webp$/);
    await img.scrollIntoViewIfNeeded();
    // The browser loaded one of the two sizes (which one depends on the card's width on screen).
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : "")), { timeout: 10_000 })
      .toMatch(/\/media\/images\/\d{4}\/[a-f0-9]{32}(-400)?\.webp$/);
    const imageResponse = await visitor.request.get(src!);
    expect(imageResponse.headers()["content-type"]).toBe("image/webp");
    expect(await sharp(await imageResponse.body()).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });
    expect(imageResponse.headers()["cache-control"]).toContain("immutable");
    // The 400-wide variant is offered to small screens.
    const srcset = (await img.getAttribute("srcset")) ?? "";
    expect(srcset).toMatch(/^\/media\/images\/\d{4}\/[a-f0-9]{32}-400\.webp 400w, \/media\/images\/\d{4}\/[a-f0-9]{32}\.webp 800w$/);
    const small = await visitor.request.get(srcset.split(" ")[0]!);
    expect(await sharp(await small.body()).metadata()).toMatchObject({ format: "webp", width: 400 });
    // Filed under the new subcategory on the catalogue.
    await visitor.goto(`/en/courses?subcategory=${encodeURIComponent(subcategory.toLowerCase().replace(/\s+/g, "-"))}`);
    await expect.poll(() => visitor.getByRole("article").filter({ hasText: title }).count()).toBe(1);

    // Unpublish with the status toggle: 'Updating...' then Draft, and the course leaves the catalogue.
    await admin.goto("/admin/courses?lang=en");
    await row.getByRole("button", { name: new RegExp(`^Published.*unpublish “${title}”`) }).click();
    await expect.poll(() => row.getByRole("button", { name: /^Draft/ }).count(), { timeout: 10_000 }).toBe(1);
    await catalogueCard(visitor, title);
    await expect.poll(() => visitor.getByRole("article").filter({ hasText: title }).count()).toBe(0);

    // Arabic, right to left, with the form open.
    await admin.goto("/admin/courses?lang=ar&dialog=create");
    expect(await admin.locator("html").getAttribute("dir")).toBe("rtl");
    await admin.getByRole("dialog", { name: "إنشاء دورة" }).waitFor();
    await expectNoAxeViolations(admin);
    await screenshot(admin, "admin-course-form-ar");
    await admin.goto("/admin/courses?lang=ar");
    await expectNoAxeViolations(admin);
    await admin.goto("/admin/courses?lang=en");
    await expectNoAxeViolations(admin);

    // A manager with courses view/create/edit but not publish.
    await admin.goto("/admin/roles?lang=en");
    for (const action of ["View", "Create", "Edit"]) {
      const box = admin.getByRole("checkbox", { name: `Courses: ${action} for Instructor & Course Manager` });
      if (!(await box.isChecked())) await box.click();
    }
    const publishBox = admin.getByRole("checkbox", { name: "Courses: Publish for Instructor & Course Manager" });
    if (await publishBox.isChecked()) await publishBox.click();
    await admin.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => admin.getByText("Permissions saved.", { exact: false }).count()).toBeGreaterThan(0);

    const managerEmail = `course-manager-${Date.now()}@example.com`;
    await admin.goto("/admin/users?lang=en");
    await admin.getByRole("button", { name: "Add User" }).first().click();
    const add = admin.getByRole("dialog");
    await add.getByLabel(/^Email/).fill(managerEmail);
    await add.getByLabel(/^Role/).selectOption({ label: "Instructor & Course Manager" });
    await add.getByRole("button", { name: "Add User" }).click();
    const generatedField = admin.getByLabel("Temporary password");
    await expect.poll(() => generatedField.count(), { timeout: 10_000 }).toBe(1);
    const generated = await generatedField.inputValue();

    const { context: managerContext, page: manager } = await laptop(newPage);
    await signIn(manager, { email: managerEmail, password: generated }, { waitForURL: /\/admin\/change-password/ });
    await field(manager, "New password").fill(MANAGER_PASSWORD);
    await field(manager, "Confirm new password").fill(MANAGER_PASSWORD);
    await manager.getByRole("button", { name: "Update Password" }).click();
    await manager.waitForURL(/\/admin$/);

    // A published course for the manager to see; the list shows published courses only, status read-only.
    await admin.goto("/admin/courses?lang=en");
    await row.getByRole("button", { name: new RegExp(`^Draft.*publish “${title}”`) }).click();
    await expect.poll(() => row.getByRole("button", { name: /^Published/ }).count(), { timeout: 10_000 }).toBe(1);
    const courseId = (await row.getByRole("link", { name: `Edit: ${title}` }).getAttribute("href"))!.match(/course=([0-9a-f-]{36})/)![1]!;

    await manager.goto("/admin/courses?lang=en&status=draft");
    const managerRow = courseRow(manager, title);
    await expect.poll(() => managerRow.count()).toBe(1);
    expect(await managerRow.getByText("Published", { exact: true }).count()).toBe(1);
    expect(await managerRow.getByRole("button").count()).toBe(0);
    expect(await managerRow.getByRole("checkbox").count()).toBe(0);
    // No filter of a single option, and no copy promising what this manager cannot do (issue 17).
    expect(await manager.getByLabel("Status").count()).toBe(0);
    expect(await manager.getByText("Published courses and the drafts you created are shown.", { exact: false }).count()).toBe(1);
    expect(await manager.getByText("Create, edit and publish", { exact: false }).count()).toBe(0);
    expect(await manager.getByText("The courses of the catalogue.", { exact: true }).count()).toBe(1);
    expect(await manager.getByText("With your role you can view, create, and edit here.", { exact: true }).count()).toBe(1);
    expect(await admin.getByText("With your role you can", { exact: false }).count()).toBe(0);
    expect(await manager.getByRole("button", { name: "Publish selected" }).count()).toBe(0);
    await expectNoAxeViolations(manager);
    await manager.goto("/admin/courses?lang=en&dialog=create");
    const managerForm = manager.getByRole("dialog", { name: "Create Course" });
    await managerForm.waitFor();
    expect(await managerForm.getByLabel("Publish this course").count()).toBe(0);
    await expectNoAxeViolations(manager);

    // Crafted requests with the manager's session.
    const post = (form: Record<string, string>) =>
      manager.request.post("/admin/courses", { form, headers: { Origin: own.url }, maxRedirects: 0 });

    const toggle = await post({ intent: "togglePublish", courseId, published: "false" });
    expect(toggle.status()).toBe(403);
    const bulk = await post({ intent: "bulkUnpublish", ids: courseId });
    expect(bulk.status()).toBe(403);

    const craftedTitle = `${title} crafted`;
    const created = await post({
      intent: "create",
      title: craftedTitle,
      slug: `${slug}-crafted`,
      language: "en",
      isPublished: "on",
      priceVisible: "on",
      documents: "[]",
      thumbnailUrl: "",
    });
    expect(created.status()).toBe(200);
    // Forced to a draft: not on the catalogue, and a Draft row in the admin list.
    await catalogueCard(visitor, craftedTitle);
    expect(await visitor.getByRole("article").filter({ hasText: craftedTitle }).count()).toBe(0);
    await admin.goto("/admin/courses?lang=en&status=draft");
    const craftedRow = courseRow(admin, craftedTitle);
    await expect.poll(() => craftedRow.count()).toBe(1);
    expect(await craftedRow.getByRole("button", { name: /^Draft/ }).count()).toBe(1);
    const craftedId = (await craftedRow.getByRole("link", { name: `Edit: ${craftedTitle}` }).getAttribute("href"))!.match(
      /course=([0-9a-f-]{36})/,
    )![1]!;

    // The draft is the manager's own (issue 36 item 15, ADR 030): listed as a Draft for them, its edit
    // dialog opens and a save keeps it a draft; publishing it is refused (403), and it stays a draft.
    await manager.goto("/admin/courses?lang=en");
    await expect.poll(() => courseRow(manager, craftedTitle).count()).toBe(1);
    expect(await courseRow(manager, craftedTitle).getByText("Draft", { exact: true }).count()).toBe(1);
    const editDialog = await manager.request.get(`/admin/courses?dialog=edit&course=${craftedId}`, { maxRedirects: 0 });
    expect(editDialog.status()).toBe(200);
    expect(await editDialog.text()).toContain(craftedTitle);
    const edited = await post({
      intent: "update",
      courseId: craftedId,
      title: craftedTitle,
      slug: `${slug}-crafted`,
      language: "en",
      isPublished: "on",
      documents: "[]",
      thumbnailUrl: "",
    });
    expect(edited.status()).toBe(200);
    expect((await post({ intent: "togglePublish", courseId: craftedId, published: "true" })).status()).toBe(403);
    // This manager may not delete courses at all: refused by permission (403), whatever the course.
    expect((await post({ intent: "delete", courseId: craftedId })).status()).toBe(403);
    await admin.goto("/admin/courses?lang=en&status=draft");
    await expect.poll(() => craftedRow.getByRole("button", { name: /^Draft/ }).count()).toBe(1);
    // ...and the published course the manager tried to unpublish is still published.
    const still = await catalogueCard(visitor, title);
    await expect.poll(() => still.count()).toBe(1);

    await managerContext.close();
    await visitorContext.close();
    await adminContext.close();
  }, 240_000);
  it("two staff editing one course: the later save is refused with who and when, and keeps what was typed (issue 35 item 6)", async ({ newPage }) => {
    const a = await laptop(newPage);
    const b = await laptop(newPage);
    for (const { page } of [a, b]) {
      await signIn(page, ADMIN);
      await page.goto("/admin/courses?lang=en");
      await page.locator("html[data-hydrated]").waitFor();
      // Exact: another course of this file's titles starts with the same words.
      await page.getByRole("link", { name: `Edit: ${title}`, exact: true }).first().click();
      await page.getByRole("dialog", { name: "Edit Course" }).waitFor();
    }
    // A changes the summary and saves.
    const first = a.page.getByRole("dialog", { name: "Edit Course" });
    await field(first, "Summary").fill("Summary saved by the first colleague.");
    await first.getByRole("button", { name: "Update Course" }).click();
    await expect.poll(() => a.page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0);
    // B, whose form is older, changes hours and price: refused, saying who and when; B's values stay.
    const second = b.page.getByRole("dialog", { name: "Edit Course" });
    await field(second, "Duration (hours)").fill("40");
    await field(second, "Price (EGP)").fill("999");
    await second.getByRole("button", { name: "Update Course" }).click();
    const alert = second.getByRole("alert").filter({ hasText: /saved this at/ });
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    expect(await alert.textContent()).toContain(ADMIN_EMAIL);
    // Said where B is looking: the message at the form's top is scrolled into view from the button below.
    const inView = () =>
      alert.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(inView).toBe(true);
    expect(await field(second, "Duration (hours)").inputValue()).toBe("40");
    expect(await field(second, "Price (EGP)").inputValue()).toBe("999");
    await screenshot(b.page, "admin-course-edit-conflict");
    // A's summary is what the course holds: B reloads and sees it.
    await b.page.reload();
    const reloaded = b.page.getByRole("dialog", { name: "Edit Course" });
    await reloaded.waitFor();
    expect(await field(reloaded, "Summary").inputValue()).toBe("Summary saved by the first colleague.");
    expect(await field(reloaded, "Duration (hours)").inputValue()).not.toBe("40");
    await a.context.close();
    await b.context.close();
  });
});
