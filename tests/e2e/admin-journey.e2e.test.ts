// Issue 4's staff journey on the production build: the admin creates a manager, the manager signs in
// with the generated password and must change it, sees only the granted areas, and loses an area on
// the next request once the admin revokes the flag.
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, PLAYWRIGHT_TIMEOUT, signIn, test as it, type NewPageOptions } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const baseUrl = inject("baseUrl");

/** The pages of this journey keep Playwright's own viewport and timeout. */
const PAGE: NewPageOptions = { viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT };

async function setManagerPermission(page: Page, label: string, granted: boolean) {
  await page.goto("/admin/roles?lang=en");
  // Interact once React has hydrated the form: a box ticked earlier can be reset by hydration.
  await page.waitForSelector("html[data-hydrated]");
  const box = page.getByRole("checkbox", { name: label });
  if ((await box.isChecked()) !== granted) await box.click();
  expect(await box.isChecked()).toBe(granted);
  await page.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => page.getByText("Permissions saved.", { exact: false }).count()).toBeGreaterThan(0);
}

describe("staff journey", () => {
  it("admin creates a manager who must change the generated password and sees only granted areas", async ({ newPage }) => {
    const admin = await newPage({ ...PAGE, locale: "en" });
    await signIn(admin, "admin", { hydrated: true, waitForURL: /\/admin$/ });

    // Grant the manager role users:view, so the manager will see the Users area.
    await setManagerPermission(admin, "Users: View for Instructor & Course Manager", true);
    await expectNoAxeViolations(admin);

    // Add the manager: a 12-character password is generated and shown once.
    const email = `manager-${Date.now()}@example.com`;
    await admin.goto("/admin/users?lang=en");
    await admin.getByRole("button", { name: "Add User" }).first().click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Role/).selectOption({ label: "Instructor & Course Manager" });
    await dialog.getByRole("button", { name: "Add User" }).click();
    const passwordField = admin.getByLabel("Temporary password");
    await expect.poll(() => passwordField.count(), { timeout: 10_000 }).toBe(1);
    const generated = await passwordField.inputValue();
    expect(generated).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{12}$/);
    await expectNoAxeViolations(admin);
    await screenshot(admin, "admin-user-created");

    // The manager signs in with it and must choose a new password before anything else.
    const manager = await newPage({ ...PAGE, locale: "en" });
    await signIn(manager, { email, password: generated }, { hydrated: true, waitForURL: /\/admin\/change-password/ });
    await manager.goto("/admin/users?lang=en");
    await manager.waitForURL(/\/admin\/change-password/);
    await field(manager, "New password").fill("Manager-Passw0rd");
    await field(manager, "Confirm new password").fill("Manager-Passw0rd");
    await manager.getByRole("button", { name: "Update Password" }).click();
    await manager.waitForURL(/\/admin$/);

    // Only the granted areas show; the admin-only ones are absent and refused.
    const nav = manager.getByRole("navigation", { name: "Admin navigation" });
    await expect.poll(() => nav.getByRole("link", { name: "Users" }).count()).toBe(1);
    expect(await nav.getByRole("link", { name: "Roles" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Audit Log" }).count()).toBe(0);
    expect(await manager.getByText("Instructor & Course Manager").count()).toBeGreaterThan(0);
    expect(await manager.getByText("Management Panel").count()).toBe(1);
    const roles = await manager.goto("/admin/roles?lang=en");
    expect(roles?.status()).toBe(403);
    expect(await manager.getByText("You don't have permission to access this feature.", { exact: false }).count()).toBe(1);
    // The refusal's tab title carries the brand like every admin page's.
    expect(await manager.title()).toMatch(/^Access Denied · \S/);
    await expectNoAxeViolations(manager);
    const users = await manager.goto("/admin/users?lang=en");
    expect(users?.status()).toBe(200);
    // With view only, the manager has no Add User button.
    expect(await manager.getByRole("button", { name: "Add User" }).count()).toBe(0);

    // The admin revokes users:view; the manager's next request is denied.
    await setManagerPermission(admin, "Users: View for Instructor & Course Manager", false);
    const denied = await manager.goto("/admin/users?lang=en");
    expect(denied?.status()).toBe(403);
    await manager.goto("/admin?lang=en");
    expect(await nav.getByRole("link", { name: "Users" }).count()).toBe(0);

    // A forged cross-site POST to an admin action is refused by the origin check.
    const cookie = (await admin.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const forged = await fetch(`${baseUrl}/admin/roles`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", permissions: "users:delete" }),
      redirect: "manual",
    });
    expect(forged.status).toBe(403);

    // The admin area in Arabic is right to left and accessible.
    await admin.goto("/admin/users?lang=ar");
    expect(await admin.locator("html").getAttribute("dir")).toBe("rtl");
    await expectNoAxeViolations(admin);
    await screenshot(admin, "admin-users-ar");
  });
});
