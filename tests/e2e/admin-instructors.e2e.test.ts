// Issue 5, Admin Instructors on the production build: the admin adds an instructor with an Arabic name
// and a real photo (a PNG made here, uploaded with real progress, re-encoded to a 400×400 WebP); the
// card shows in the grid and on the public /about page in both languages; axe finds nothing on the page
// with the form open, in English and Arabic; ?action=create opens the form and closing it returns to /admin;
// without JavaScript the forms work in place.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, inject } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, open, PLAYWRIGHT_TIMEOUT, signIn, test as it, type NewPageOptions } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const baseUrl = inject("baseUrl");
let tempDir: string;

/** The pages of these journeys keep Playwright's own viewport and timeout. */
const PAGE: NewPageOptions = { viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT };

beforeAll(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-instructor-photo-"));
});
afterAll(() => {
  fs.rmSync(tempDir, { recursive: true, force: true });
});

describe("admin instructors", () => {
  it("asks for an email before an account, refuses an email another instructor has, and completes a link without https:// (issue 17)", async ({ newPage }) => {
    const page = await newPage({ ...PAGE, locale: "en" });
    await signIn(page);
    const stamp = Date.now().toString(36);
    const first = `Salma First ${stamp}`;
    const second = `Omar Second ${stamp}`;
    const email = `salma.${stamp}@example.com`;
    const add = async (name: string, address: string) => {
      await open(page, "/admin/instructors?lang=en");
      await page.getByRole("button", { name: "Add Instructor" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Instructor" });
      await field(dialog, "Name").fill(name);
      await field(dialog, "Email").fill(address);
      await dialog.getByRole("button", { name: "Add Instructor" }).click();
      await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);
    };
    await add(first, email);
    await add(second, "");

    // No email: the account dialog says what to fill in and leads to the edit form, with no form to post.
    await page.getByRole("button", { name: `Create login account for ${second}` }).click();
    const account = page.getByRole("dialog", { name: "Create Instructor Account" });
    await expect.poll(() => account.getByRole("heading", { name: "Add an email address first" }).count()).toBe(1);
    expect(await account.getByLabel("Hours").count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-instructor-account-needs-email");
    await account.getByRole("link", { name: "Add an email address" }).or(account.getByRole("button", { name: "Add an email address" })).click();
    const edit = page.getByRole("dialog", { name: "Edit Instructor" });
    await edit.waitFor();

    // The first instructor's email: refused beside the field, nothing saved, the dialog stays open.
    await field(edit, "Email").fill(email.toUpperCase());
    await field(edit, "Facebook").fill(`facebook.com/omar.${stamp}`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect
      .poll(() => edit.getByText("Another instructor already uses this email. Each instructor needs their own email address.").count(), { timeout: 10_000 })
      .toBe(1);
    expect(await field(edit, "Email").getAttribute("aria-invalid")).toBe("true");
    await field(edit, "Email").fill(`omar.${stamp}@example.com`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    // Saved, the edit form closes back to the account dialog, which now offers the account.
    await expect.poll(() => page.getByRole("dialog", { name: "Edit Instructor" }).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => account.getByLabel("Hours").count(), { timeout: 10_000 }).toBe(1);
    expect(await account.getByText(`omar.${stamp}@example.com`).count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // The Facebook address was stored completed to https://.
    await page.getByRole("button", { name: `Edit ${second}` }).click();
    await expect.poll(() => field(page.getByRole("dialog", { name: "Edit Instructor" }), "Facebook").inputValue()).toBe(`https://facebook.com/omar.${stamp}`);
    await page.keyboard.press("Escape");

    for (const name of [first, second]) {
      await open(page, "/admin/instructors?lang=en");
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await page.getByRole("dialog", { name: "Delete Instructor" }).getByRole("button", { name: "Delete", exact: true }).click();
      await expect.poll(() => page.getByText(`Instructor ${name} deleted.`).count(), { timeout: 10_000 }).toBe(1);
    }
  });

  it("adds an instructor with an Arabic name and a photo; the card and /about show the 400×400 WebP", async ({ newPage }) => {
    const page = await newPage({ ...PAGE, locale: "en" });
    await signIn(page);

    // A real 1200×800 PNG, not square: the server crops and resizes it.
    const pngPath = path.join(tempDir, "portrait.png");
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#b45309" } })
      .composite([{ input: Buffer.from('<svg width="400" height="400"><circle cx="200" cy="200" r="180" fill="#fde68a"/></svg>'), left: 400, top: 200 }])
      .png()
      .toFile(pngPath);

    const stamp = Date.now().toString(36);
    const name = `Salma Fathy ${stamp}`;
    const nameAr = `سلمى فتحي ${stamp}`;

    await open(page, "/admin/instructors?lang=en");
    await page.getByRole("button", { name: "Add Instructor" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Instructor" });
    await expect.poll(() => dialog.count()).toBe(1);
    await expectNoAxeViolations(page);

    // Client-side rules show translated messages before anything is sent.
    await field(dialog, "Facebook").fill("facebook");
    await field(dialog, "Name").focus();
    await expect.poll(() => dialog.getByText("Invalid Facebook URL").count()).toBe(1);
    await field(dialog, "Facebook").fill("https://www.facebook.com/salma");

    await field(dialog, "Name").fill(name);
    await field(dialog, "Title").fill("Business English Trainer");
    await field(dialog, "Short bio").fill("Twelve years of teaching business English to teams across Egypt.");
    const arabicName = field(dialog, "Name (Arabic)");
    expect(await arabicName.getAttribute("dir")).toBe("rtl");
    await arabicName.fill(nameAr);
    await field(dialog, "Title (Arabic)").fill("مدربة اللغة الإنجليزية للأعمال");
    await field(dialog, "Short bio (Arabic)").fill("اثنا عشر عامًا في تدريس الإنجليزية للأعمال لفرق العمل في مصر.");

    await dialog.locator('input[type="file"]').setInputFiles(pngPath);
    const photoInput = dialog.locator('input[name="photoUrl"]');
    await expect.poll(() => photoInput.inputValue(), { timeout: 20_000 }).toMatch(/\/media\/photos\/\d{4}\/[a-f0-9]{32}\.webp$/);
    const photoUrl = await photoInput.inputValue();
    await screenshot(page, "admin-instructor-form");

    await dialog.getByRole("button", { name: "Add Instructor" }).click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);

    // The card: name, title, account status 'No Account', the uploaded photo.
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText("Business English Trainer").count()).toBe(1);
    expect(await card.getByText("No Account").count()).toBe(1);
    expect(await card.locator("img").getAttribute("src")).toBe(photoUrl);
    expect(await card.getByRole("button", { name: `Edit ${name}` }).count()).toBe(1);
    expect(await card.getByRole("button", { name: `Delete ${name}` }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // The stored photo is a 400×400 WebP, served with a safe type.
    const res = await fetch(new URL(photoUrl, baseUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/webp/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });

    // The public About page shows the instructor with that photo, in English and in Arabic.
    const about = await newPage({ ...PAGE, locale: "en" });
    await open(about, "/en/about");
    const publicCard = about.getByRole("button", { name: new RegExp(name) });
    await expect.poll(() => publicCard.count()).toBe(1);
    expect(await publicCard.locator("img").getAttribute("src")).toBe(photoUrl);
    await open(about, "/ar/about");
    const arabicCard = about.getByRole("button", { name: new RegExp(nameAr) });
    await expect.poll(() => arabicCard.count()).toBe(1);
    expect(await arabicCard.getByText("مدربة اللغة الإنجليزية للأعمال").count()).toBe(1);
    await about.context().close();

    // The admin page in Arabic, right to left, with the form open: the Arabic name on the card, axe clean.
    await open(page, "/admin/instructors?lang=ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByRole("heading", { name: nameAr }).count()).toBe(1);
    await page.getByRole("button", { name: "إضافة مدرب" }).first().click();
    await expect.poll(() => page.getByRole("dialog", { name: "إضافة مدرب" }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-instructors-ar-dialog");
    await page.keyboard.press("Escape");

    // The edit form in Arabic too.
    await page.getByRole("button", { name: `تعديل ${nameAr}` }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    // ?action=create opens the form directly; closing it returns to the dashboard.
    await open(page, "/admin/instructors?action=create&lang=en");
    await expect.poll(() => page.getByRole("dialog", { name: "Add Instructor" }).count()).toBe(1);
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/admin(\?.*)?$/);

    // Delete: the SPEC confirmation, then the card and the photo file are gone.
    await open(page, "/admin/instructors?lang=en");
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Instructor" });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(
      await confirm.getByText("Are you sure you want to delete this instructor? This action cannot be undone.").count(),
    ).toBe(1);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => page.getByText(`Instructor ${name} deleted.`).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole("heading", { name }).count()).toBe(0);
    await expect.poll(async () => (await fetch(new URL(photoUrl, baseUrl))).status).toBe(404);

    // Without JavaScript the same forms work in place (?dialog=…): a refused save shows its message, then
    // the instructor is added and deleted.
    const plain = await newPage({ ...PAGE, locale: "en", js: false, storageState: await page.context().storageState() });
    await plain.goto("/admin/instructors?lang=en");
    await plain.getByRole("link", { name: "Add Instructor" }).click();
    await plain.waitForURL(/dialog=create/);
    const panel = plain.getByRole("region", { name: "Add Instructor" });
    await field(panel, "LinkedIn").fill("linkedin");
    await panel.getByRole("button", { name: "Add Instructor" }).click();
    await plain.waitForLoadState();
    // Each error beside its field, and both in the list at the form's top (issue 35 item 6: two or more).
    expect(await plain.locator('[id$="-error"]').getByText("Name is required").count()).toBe(1);
    expect(await plain.locator('[id$="-error"]').getByText("Invalid LinkedIn URL").count()).toBe(1);
    const summary = plain.getByRole("alert").filter({ hasText: "There are 2 problems in this form:" });
    expect(await summary.getByRole("link").allInnerTexts()).toEqual(["Name is required", "Invalid LinkedIn URL"]);
    const plainName = `No Script ${stamp}`;
    await field(panel, "Name").fill(plainName);
    await field(panel, "LinkedIn").fill("https://www.linkedin.com/in/noscript");
    await panel.getByRole("button", { name: "Add Instructor" }).click();
    await plain.waitForLoadState();
    expect(await plain.getByRole("status").getByText(`Instructor ${plainName} added successfully.`).count()).toBe(1);
    expect(await plain.getByRole("heading", { name: plainName }).count()).toBe(1);
    await plain.getByRole("link", { name: `Delete ${plainName}` }).click();
    await plain.waitForURL(/dialog=delete/);
    await plain.getByRole("region", { name: "Delete Instructor" }).getByRole("button", { name: "Delete", exact: true }).click();
    await plain.waitForLoadState();
    expect(await plain.getByRole("status").getByText(`Instructor ${plainName} deleted.`).count()).toBe(1);
    expect(await plain.getByRole("heading", { name: plainName }).count()).toBe(0);
    await plain.context().close();
  }, 120_000);
});
