// Focus never falls to nowhere after an action on a list (issue 35 item 6), with the keyboard only: after
// Approve in a row, focus is on the next row's first control; after Undo, on a row or the notice; after a
// bulk approval, on a row or the notice; after a confirmed Reject (a dialog whose opener went with the
// row), on the next row, not on the page's heading. On a server and a PostgreSQL database of its own (its
// requests are decided; the demo content has no pending ones, so they are written to the database).
import type { Page } from "playwright-core";
import { beforeAll } from "vitest";
import { describe, expect, open, ownApp, signIn, test, type NewPage } from "./fixtures.ts";
import { uniqueWord } from "./harness.ts";

const own = ownApp({
  name: "focus-after-actions",
  env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!", DECISION_UNDO_SECONDS: "60" },
});

beforeAll(async () => {
  // Eight pending requests for a published course, the oldest first in the list's order (newest first).
  for (let i = 0; i < 8; i++) {
    await own.pool.query(
      `insert into enrollments (enrollment_id, course_id, course_name, student_name, student_email, student_phone, locale, created_at)
       select 'ENR-FOCUS' || $3::text, c.id, c.title, $1, $2, '+20 1001234567', 'en', now() - ($3::int * interval '1 minute')
       from courses c where c.is_published order by c.created_at, c.id limit 1`,
      [`Student ${uniqueWord()}`, `focus${i}@example.com`, i],
    );
  }
});

/** The admin on this server's list of pending requests, in `lang`. */
async function staffPage(newPage: NewPage, lang: "en" | "ar", viewport: "laptop" | "phone"): Promise<Page> {
  const page = await newPage({ baseURL: own.url, locale: lang, viewport });
  await signIn(page, "admin", { hydrated: true });
  await open(page, `/admin/enrollments?status=pending&lang=${lang}`);
  return page;
}

const rowIds = (page: Page) => page.locator("tbody tr[data-enrollment-id]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-enrollment-id")!));

/** Where focus is: the row it is in (its id), the notice, the page's heading, or nowhere (BODY). */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "BODY";
    if (el.closest("[data-focus-after-action]")) return "notice";
    const row = el.closest("tbody tr[data-enrollment-id]");
    if (row) return `row:${row.getAttribute("data-enrollment-id")}`;
    return el.tagName;
  });

/** Presses Enter on a control reached by the keyboard (focused, as Tab would). */
async function press(page: Page, locator: ReturnType<Page["locator"]>) {
  await locator.focus();
  await page.keyboard.press("Enter");
}

describe("focus after actions on the enrollments list", () => {
  test("approve, undo and bulk approve keep focus in the list (en, laptop)", async ({ newPage }) => {
    const page = await staffPage(newPage, "en", "laptop");
    const ids = await rowIds(page);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const row = (id: string) => page.locator(`tbody tr[data-enrollment-id="${id}"]`);

    // Approve the first: it leaves the pending list; focus goes to what was the second row.
    await press(page, row(ids[0]!).getByRole("button", { name: /^Approve: / }));
    await expect.poll(() => row(ids[0]!).count()).toBe(0);
    await expect.poll(() => focusPlace(page)).toBe(`row:${ids[1]}`);

    // Undo: the request is back; focus stays in the list or on the notice, never nowhere.
    await press(page, page.locator("[data-decision-notice]").getByRole("button", { name: "Undo" }));
    await expect.poll(() => row(ids[0]!).count()).toBe(1);
    await expect.poll(() => focusPlace(page)).toMatch(/^(row:|notice$)/);

    // Bulk: tick two with the keyboard, approve them.
    for (const id of [ids[1]!, ids[2]!]) {
      await row(id).getByRole("checkbox").focus();
      await page.keyboard.press("Space");
    }
    await press(page, page.getByRole("button", { name: "Approve selected" }));
    await expect.poll(() => row(ids[2]!).count()).toBe(0);
    await expect.poll(() => focusPlace(page)).toMatch(/^(row:|notice$)/);
  });

  test("a request decided in another tab: the row goes, and a message says who decided it and when", async ({ newPage }) => {
    const [mine, other] = [await staffPage(newPage, "en", "laptop"), await staffPage(newPage, "en", "laptop")];
    const ids = await rowIds(mine);
    const target = ids[ids.length - 1]!;
    await other.locator(`tbody tr[data-enrollment-id="${target}"]`).getByRole("button", { name: /^Reject: / }).click();
    await other.getByRole("dialog").locator('button[type="submit"]').click();
    await expect.poll(() => other.locator(`tbody tr[data-enrollment-id="${target}"]`).count()).toBe(0);
    // The first tab still shows it pending; its Approve is refused with who and when.
    await mine.locator(`tbody tr[data-enrollment-id="${target}"]`).getByRole("button", { name: /^Approve: / }).click();
    const said = mine.locator('[role="status"][aria-live="polite"] p', { hasText: "decided it at" });
    await said.waitFor();
    expect(await said.innerText()).toMatch(/This enrollment is no longer pending: \u2068?admin@example\.com\u2069? decided it at /);
    await expect.poll(() => mine.locator(`tbody tr[data-enrollment-id="${target}"]`).count()).toBe(0);
  });

  test("a confirmed Reject returns focus to the next row, not the heading (ar, phone)", async ({ newPage }) => {
    const page = await staffPage(newPage, "ar", "phone");
    const ids = await rowIds(page);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const first = page.locator(`tbody tr[data-enrollment-id="${ids[0]}"]`);
    await press(page, first.getByRole("link", { name: /^رفض/ }).or(first.getByRole("button", { name: /^رفض/ })).first());
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await press(page, dialog.locator('button[type="submit"]'));
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => first.count()).toBe(0);
    await expect.poll(() => focusPlace(page)).toBe(`row:${ids[1]}`);
  });
});
