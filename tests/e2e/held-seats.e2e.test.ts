// Issue 37 item 2 in Chromium on PostgreSQL with the demo, a real SMTP server and the server's own sweeper
// (every second here): a held seat on the demo's full run whose deadline is moved into the past (the
// injected clock) expires by itself; the student is emailed in their language; their page, opened on a
// phone in Arabic from the link, says "Expired — not paid" with the deadline; staff, on a laptop in
// English, see the request expired and its seat free, with the waiting list's first person one tap away,
// and give it to them (a new approval, with its own hold). The Arabic phone view of the same details is
// checked too. Screenshots: test-results/screenshots/held-seats-*.png.
import type { Locator, Page } from "playwright-core";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, signIn, test as it } from "./fixtures.ts";
import { ARTIFACTS, screenshot } from "./harness.ts";
import { tr } from "./strings.ts";

const NAME = "held-seats";
const own = ownApp({
  name: NAME,
  env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!", HOLD_SWEEP_SECONDS: "1" },
  smtp: true,
});
const SECRET = `e2e-${NAME}-secret-`.padEnd(48, "x");

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** "Give <name> a seat" (the name is isolated from the sentence's direction by invisible marks). */
function giveButton(scope: Locator, lang: "en" | "ar", name: string): Locator {
  const [head, tail] = tr(lang, "adminEnrollments.runDecisions.giveNext", { name: "\u0000" }).split("\u0000");
  return scope.getByRole("button", { name: new RegExp(`^${head}\\W?${name}\\W?${tail}$`.replace(/[.]/g, "\\.")) });
}

/** An unpaid, held seat on the demo's full run that has a waiting list, and the first on that list. */
async function heldSeatOnFullRun() {
  const { rows } = await own.pool.query<{ id: string; reference: string; email: string; locale: "en" | "ar"; run_id: string; next_id: string; next_name: string }>(
    `select e.id, e.enrollment_id as reference, e.student_email as email, e.locale, r.id as run_id,
            w.id as next_id, w.student_name as next_name
       from enrollments e join course_runs r on r.id = e.run_id
       join lateral (select id, student_name from enrollments x where x.run_id = r.id and x.status = 'waiting'
                     order by x.created_at, x.id limit 1) w on true
      where e.status = 'approved' and e.hold_expires_at is not null and r.status = 'open' and r.starts_at > now()
        and r.capacity = (select count(*) from enrollments a where a.run_id = r.id and a.status = 'approved')
      order by e.enrollment_id limit 1`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("a held seat that is not paid in time", () => {
  it("expires by itself, the student is told, and staff give the seat to the waiting list in one tap", async ({ newPage }) => {
    const seat = await heldSeatOnFullRun();
    // The injected clock: the deadline is now a minute ago. The server's sweeper does the rest.
    await own.pool.query("update enrollments set hold_expires_at = now() - interval '1 minute' where id = $1", [seat.id]);
    await expect
      .poll(async () => (await own.pool.query<{ status: string }>("select status from enrollments where id = $1", [seat.id])).rows[0]!.status, { timeout: 15_000 })
      .toBe("expired");
    // The student's notice, in their language (the subject's words around the course's name).
    const [subjectStart] = tr(seat.locale, "paymentEmails.expired.subject", { course: "\u0000" }).split("\u0000");
    await expect
      .poll(() => own.smtp.messages.filter((m) => m.to.includes(seat.email) && m.subject?.startsWith(subjectStart!)).length, { timeout: 15_000 })
      .toBe(1);

    // The student's page, on a phone in Arabic, from the link.
    const student = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await student.goto(`/ar/enrollment/${seat.reference}?t=${enrollmentToken(seat.reference, SECRET)}`);
    await student.waitForSelector("html[data-hydrated]");
    expect(await student.locator("[data-status]").getAttribute("data-status")).toBe("expired");
    expect(await student.locator("[data-status]").innerText()).toBe(tr("ar", "myEnrollment.status.expired"));
    expect(await student.locator("[data-step]").evaluateAll((els) => els.map((el) => el.getAttribute("data-step")))).toEqual(["requested", "approved", "expired"]);
    const next = await student.locator("[data-next]").innerText();
    expect(next).toContain(tr("ar", "myEnrollment.cairoTime"));
    expect(next).not.toMatch(/[٠-٩]|\{\{/);
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(student);
    await screenshot(student, "held-seats-student-expired-ar-phone");

    // Staff, Arabic on a phone: the details say it expired and offer the seat to the next in line.
    const phone = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await signIn(phone, "admin");
    await phone.goto(`/admin/enrollments?lang=ar&dialog=details&enrollment=${seat.id}`);
    await phone.waitForSelector("html[data-hydrated]");
    const arDialog = phone.getByRole("dialog");
    await arDialog.getByText(tr("ar", "adminEnrollments.status.expired"), { exact: true }).waitFor();
    expect(await arDialog.getByTestId("enrollment-hold").innerText()).toContain(tr("ar", "runs.cairoTime"));
    await giveButton(arDialog, "ar", seat.next_name).waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await arDialog.locator("[data-freed-seat]").scrollIntoViewIfNeeded();
    await arDialog.screenshot({ path: `${ARTIFACTS}/screenshots/held-seats-admin-expired-ar-phone.png` });

    // Staff, English on a laptop: give the seat.
    const page = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop" });
    await signIn(page, "admin");
    await page.goto(`/admin/enrollments?lang=en&dialog=details&enrollment=${seat.id}`);
    await page.waitForSelector("html[data-hydrated]");
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByTestId("enrollment-hold").innerText()).toMatch(/^Not paid by .+ \(Cairo time\): the seat was released$/);
    await expect.poll(() => dialog.locator("[data-freed-seat]").innerText()).toContain(seat.next_name);
    await expectNoAxeViolations(page);
    await dialog.locator("[data-freed-seat]").scrollIntoViewIfNeeded();
    await dialog.screenshot({ path: `${ARTIFACTS}/screenshots/held-seats-admin-expired-en-laptop.png` });
    await giveButton(dialog, "en", seat.next_name).click();
    await expect
      .poll(async () => (await own.pool.query<{ status: string; held: boolean }>("select status, hold_expires_at > now() as held from enrollments where id = $1", [seat.next_id])).rows[0], { timeout: 10_000 })
      .toEqual({ status: "approved", held: true });
    // The run is full again, with the next in line in the freed seat.
    const { rows } = await own.pool.query<{ free: number }>(
      "select r.capacity - (select count(*)::int from enrollments a where a.run_id = r.id and a.status = 'approved') as free from course_runs r where r.id = $1",
      [seat.run_id],
    );
    expect(rows[0]!.free).toBe(0);
  }, 150_000);
});
