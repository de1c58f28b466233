// Issue 37 item 5 in Chromium, on two instances of the production build sharing PostgreSQL, with the demo,
// a real SMTP server and the local Paymob simulator (tests/setup/paymob-simulator.ts: a stand-in for
// Paymob, which tests must not reach). A student with a held seat opens their page from the link their
// emails carry, presses "Pay online", and pays on the (simulated) checkout: an Arabic phone whose wallet is
// declined and whose card then goes through; an English laptop without JavaScript that takes a Fawry
// reference, paid later at an outlet, whose callback reaches both instances at once and settles once; and a
// burst of "Pay online" posts at both instances at once, held to RATE_LIMIT_PAYMOB checkouts.
// Screenshots: test-results/screenshots/paymob-*.png.
import type { Page } from "playwright-core";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { startPaymobSimulator } from "../setup/paymob-simulator.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, open, ownApp, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr } from "./strings.ts";

const NAME = "paymob";
const sim = await startPaymobSimulator();
const own = ownApp({ name: NAME, smtp: true, instances: 2, env: { SEED_DEMO: "true", ...sim.env } });
const SECRET = `e2e-${NAME}-secret-`.padEnd(48, "x");

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The `n`-th held, unpaid demo seat: its reference, email, row id and its page's link in a language. */
async function heldSeat(n: number) {
  const { rows } = await own.pool.query<{ id: string; reference: string; email: string; locale: "en" | "ar" }>(
    `select id, enrollment_id as reference, student_email as email, locale from enrollments
     where status = 'approved' and hold_expires_at > now() order by enrollment_id offset $1 limit 1`,
    [n],
  );
  const seat = rows[0]!;
  return { ...seat, path: (lang: "en" | "ar") => `/${lang}/enrollment/${seat.reference}?t=${enrollmentToken(seat.reference, SECRET)}` };
}

const paymentsOf = async (id: string) =>
  (await own.pool.query<{ n: string }>("select count(*) as n from enrollment_ledger where enrollment_id = $1 and kind = 'payment' and method = 'paymob'", [id])).rows[0]!.n;

/** Presses "Pay online" and, on the simulated checkout, the way to pay. */
async function payOnline(page: Page, lang: "en" | "ar", way: "Pay by card" | "Pay by wallet" | "Get a Fawry reference") {
  const section = page.locator("#pay-online");
  await section.getByRole("button", { name: new RegExp(`^${tr(lang, "payOnline.pay")}`) }).click();
  await page.waitForURL((url) => url.pathname === "/unifiedcheckout/");
  await page.getByRole("button", { name: way }).click();
  await page.waitForURL((url) => url.pathname.includes("/enrollment/") && url.searchParams.get("online") === "back");
}

describe("paying online through Paymob, from the student's page", () => {
  it("Arabic phone: a declined wallet, then a card; the seat is paid and the receipt arrives", async ({ newPage }) => {
    const seat = await heldSeat(0);
    const student = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await open(student, seat.path("ar"));
    const section = student.locator("#pay-online");
    await section.waitFor();
    expect(await section.innerText()).toContain(tr("ar", "payOnline.intro"));
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(student, "paymob-offer-ar-phone");

    await payOnline(student, "ar", "Pay by wallet");
    const failed = student.locator('[data-online="failed"]');
    await failed.waitFor();
    expect(await failed.innerText()).toBe(tr("ar", "payOnline.back.failed"));
    expect(await paymentsOf(seat.id)).toBe("0");
    await failed.scrollIntoViewIfNeeded();
    await screenshot(student, "paymob-declined-ar-phone");

    await payOnline(student, "ar", "Pay by card");
    await student.locator('[data-online="paid"]').waitFor();
    await student.waitForSelector("html[data-hydrated]");
    expect(await paymentsOf(seat.id)).toBe("1");
    expect(await student.locator("[data-status]").getAttribute("data-status")).toBe("paid");
    expect(await student.locator("[data-receipt]").count()).toBe(1);
    // Paid: nothing more to pay online.
    expect(await section.getByRole("button").count()).toBe(0);
    expect(await student.locator("main").innerText()).not.toMatch(/[٠-٩]|myEnrollment\.|\{\{/);
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(student);
    await screenshot(student, "paymob-paid-ar-phone");
    const receiptSubject = tr(seat.locale, "paymentEmails.receipt.subject", { number: "\u0001", course: "\u0001" }).split("\u0001")[0]!;
    await expect.poll(() => own.smtp.messages.some((m) => m.to.includes(seat.email) && (m.subject ?? "").startsWith(receiptSubject)), { timeout: 30_000 }).toBe(true);
  });

  it("English laptop without JavaScript: a Fawry reference waits; its payment's callback reaches both instances at once and settles once", async ({ newPage }) => {
    const seat = await heldSeat(1);
    const student = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop", js: false });
    await student.goto(seat.path("en"));
    await payOnline(student, "en", "Get a Fawry reference");
    const waiting = student.locator('[data-online="created"]');
    await waiting.waitFor();
    expect(await waiting.innerText()).toBe(tr("en", "payOnline.back.created"));
    await screenshot(student, "paymob-fawry-waiting-en-laptop-nojs");
    // The return's query says nothing we believe: forged as a success, the page still waits.
    const forged = new URL(student.url());
    forged.searchParams.set("success", "true");
    await student.goto(forged.pathname + forged.search);
    expect(await student.locator('[data-online="created"]').count()).toBe(1);
    expect(await paymentsOf(seat.id)).toBe("0");

    // Paid at an outlet: Paymob's callback, retried at both instances at once.
    const intention = sim.intentions.at(-1)!;
    const obj = sim.transaction(intention, { success: true, way: "fawry" });
    const answers = await Promise.all(own.apps.flatMap((app) => Array.from({ length: 4 }, () => sim.callback(intention, obj, { origin: app.url }))));
    const outcomes = answers.map((a) => (a.body as { outcome: string }).outcome).sort();
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(outcomes).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "duplicate", "duplicate", "duplicate", "settled"]);
    expect(await paymentsOf(seat.id)).toBe("1");
    // A forged callback at the second instance: 401, nothing more.
    const forgedCallback = await sim.callback(intention, sim.transaction(intention, { success: true }), { origin: own.apps[1]!.url, hmac: "f".repeat(128) });
    expect(forgedCallback.status).toBe(401);
    expect(await paymentsOf(seat.id)).toBe("1");

    await student.goto(seat.path("en"));
    expect(await student.locator("[data-status]").getAttribute("data-status")).toBe("paid");
    expect(await student.locator("[data-receipt]").count()).toBe(1);
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await screenshot(student, "paymob-paid-en-laptop-nojs");
  });

  it("a burst of 30 'Pay online' posts at once for one request, split over both instances, starts 10 checkouts (RATE_LIMIT_PAYMOB) and sends the rest back", async () => {
    const seat = await heldSeat(2);
    const token = new URL(seat.path("en"), own.url).searchParams.get("t")!;
    const intentionsBefore = sim.intentions.length;
    const press = (app: { url: string }) =>
      fetch(`${app.url}/en/enrollment/${seat.reference}/pay`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({ t: token }),
      });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => press(own.apps[i % 2]!)));
    expect(answers.map((a) => a.status).every((s) => s === 303)).toBe(true);
    const places = answers.map((a) => a.headers.get("location") ?? "");
    expect(places.filter((l) => l.includes("/unifiedcheckout/"))).toHaveLength(10);
    expect(places.filter((l) => l.includes("online=too-many"))).toHaveLength(20);
    const { rows } = await own.pool.query<{ n: string }>("select count(*) as n from online_payments where enrollment_id = $1", [seat.id]);
    expect(rows[0]!.n).toBe("10");
    expect(sim.intentions.length - intentionsBefore).toBe(10);
    expect(await paymentsOf(seat.id)).toBe("0");
  });
});
