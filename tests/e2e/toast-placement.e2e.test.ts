// Toasts never cover a control (issue 35 item 6). On a laptop a toast stands in the bottom corner at the
// start side, so the next dialog opened while it shows is not under it (it used to cover the dialog's
// title). On a phone it stands at the bottom above the bars there (the chat dock on the contact page), not
// over the top of the page. Both languages: the corner follows the reading direction. A sent contact
// message is confirmed on the page (issue 36), and its refusal is said once, in the form, in view (a toast
// repeating it stood over Send on phones): a server of this file's own allows one message per address.
import type { Locator, Page } from "playwright-core";
import { describe, expect, open, ownApp, signIn, test } from "./fixtures.ts";
import { screenshot, uniqueWord } from "./harness.ts";

const own = ownApp({ name: "toast-placement", env: { SEED_DEMO: "true", RATE_LIMIT_CONTACT: "1/600" } });

const toast = (page: Page) => page.locator('[role="status"][aria-live="polite"] > div').first();

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not shown");
  return b;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe("toast placement", () => {
  test.for([
    ["en", "Create Category", "Name", 1366, 900],
    ["ar", "إنشاء تصنيف", "الاسم", 1280, 800],
  ] as const)("a laptop in %s: the next dialog opened while a toast shows is not under it", async ([lang, create, nameLabel, width, height], { newPage }) => {
    const page = await newPage({ locale: lang, viewport: { width, height } });
    await signIn(page, "admin");
    await open(page, `/admin/categories?lang=${lang}`);
    await page.getByRole("button", { name: create }).first().click();
    let dialog = page.getByRole("dialog", { name: create });
    await dialog.getByLabel(new RegExp(`^${nameLabel}`)).first().fill(`Toast ${uniqueWord()}`);
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);
    await toast(page).waitFor();
    // The next dialog, opened at once.
    await page.getByRole("button", { name: create }).first().click();
    dialog = page.getByRole("dialog", { name: create });
    await dialog.waitFor();
    const [t, d] = [await box(toast(page)), await box(dialog)];
    expect(overlaps(t, d), `toast ${JSON.stringify(t)} over dialog ${JSON.stringify(d)}`).toBe(false);
    // At the start side: the left in English, the right in Arabic.
    if (lang === "en") expect(t.x).toBeLessThan(width / 4);
    else expect(t.x + t.width).toBeGreaterThan((width * 3) / 4);
    await screenshot(page, `toast-${lang}-${width}-next-dialog`);
  });

  test.for([
    ["ar", "الاسم", "البريد الإلكتروني", "الرسالة", "إرسال الرسالة"],
    ["en", "Name", "Email", "Message", "Send Message"],
  ] as const)("a phone in %s: the contact form's refusal is said once, in the form and in view, no toast over Send", async ([lang, name, email, message, send], { newPage }) => {
    const page = await newPage({ locale: lang, viewport: "phone", baseURL: own.url });
    // This address's one post of the window is spent first (an empty form counts too), so the visitor's is refused.
    const spent = await fetch(`${own.url}/${lang}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: own.url },
      body: "name=&email=&message=",
      redirect: "manual",
    });
    expect([400, 429]).toContain(spent.status);
    await open(page, `/${lang}/contact`);
    await page.getByLabel(new RegExp(`^${name}`)).fill(`Toast ${uniqueWord()}`);
    await page.getByLabel(new RegExp(`^${email}`)).fill("toast.reader@example.com");
    await page.getByLabel(new RegExp(`^${message}`)).fill("Is there an evening group for the Excel course next month?");
    await page.getByRole("button", { name: send }).click();
    const refusal = page.locator("main form").getByRole("alert");
    await refusal.waitFor();
    // In view, below the sticky header and above the chat dock.
    const [r, dock, header] = [await box(refusal), await box(page.locator(".chat-dock")), await box(page.locator("header").first())];
    expect(r.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(r.y + r.height).toBeLessThanOrEqual(dock.y);
    // No toast repeats it over the form (it stood over Send).
    expect(await toast(page).count()).toBe(0);
    await screenshot(page, `toast-${lang}-375-contact`);
  });
});
