// Honest defaults (issue 33 point 3) against a real database: a database started without demo content
// (seedDefaults alone, as every start runs it) has no contact details, social links, figures or chat
// number; the provider notifications go to NOTIFY_EMAIL until staff set an address; and the dashboard's
// "Finish setting up" lists contact details, notification address, SMTP and the first course, each only
// for staff who can do it, until they are done.
//
// NOTIFY_EMAIL and SMTP_URL are read once per process (env()), as the server reads them at start. A
// check with other values loads the app's modules again over the same database (vi.resetModules and
// the new module graph given this database), as a server started with that configuration would: no
// module is replaced.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox, siteSettings } from "@db/schema/index.ts";
import { DEFAULT_SITE_SETTINGS } from "@db/seed/demo-data.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { getAboutFigures } from "~/features/catalog/catalog.server.ts";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page.tsx";
import { getDashboard, getSetupChecklist, type SetupItem } from "~/features/dashboard/dashboard.server.ts";
import { getSiteSettingsForm, saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import { getPublicSettings } from "~/features/settings/settings.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { toActorView } from "~/lib/staff-session.server.ts";
import { loader as dashboardLoader } from "~/routes/admin/dashboard.tsx";
import { createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse } from "../setup/factories.ts";
import { ARABIC, i18n } from "../setup/i18n.ts";
import { callLoader } from "../setup/route-call.ts";

// The operator's configuration of this file: neither variable set (a laptop, or a server not yet
// configured). Hoisted: before any module reads the environment.
vi.hoisted(() => {
  delete process.env.NOTIFY_EMAIL;
  delete process.env.SMTP_URL;
});

const NOTIFY_EMAIL = "office@provider.test";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  // What every start runs; no demo (SEED_DEMO off, as on PostgreSQL by default).
  await seedDefaults(database.db);
  admin = await createAdmin({ ip: "198.51.100.33" });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The app's modules loaded again with these environment variables, over this file's database. */
async function startedWith(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  const { setDatabase } = await import("~/lib/db.server.ts");
  setDatabase(database);
  return {
    contact: await import("~/features/contact/contact.server.ts"),
    dashboard: await import("~/features/dashboard/dashboard.server.ts"),
  };
}

const tasks = (items: SetupItem[] | null | undefined) => Object.fromEntries((items ?? []).map((i) => [i.task, i.done]));

/** Settings › Contact details saved through the admin form, the rest of the form as stored. */
async function saveContact(values: { email?: string; phone1?: string; notifyEmail?: string }) {
  await saveSiteSettings(admin, { ...(await getSiteSettingsForm(admin)), ...values });
}

describe("a database without demo content", () => {
  it("has no contact details, social links, figures or chat number; the brand and chat greeting stay", async () => {
    const settings = await getPublicSettings();
    expect(settings.contact).toEqual({
      address: undefined,
      phones: [],
      email: undefined,
      chatNumber: undefined,
      chatGreeting: DEFAULT_SITE_SETTINGS.contact.chatGreeting,
    });
    expect(Object.values(settings.social).filter(Boolean)).toEqual([]);
    expect(settings.brand.name.ar).toMatch(ARABIC);
    expect(await getAboutFigures()).toEqual({ yearsOfExperience: 0, partners: 0, students: 0, availableCourses: 0 });
    // Nothing demo-like was stored either: the rows hold no address, phone, email or link.
    const stored = JSON.stringify(await database.db.select().from(siteSettings));
    expect(stored).not.toMatch(/\.example|\+20\d|facebook|instagram|linkedin|tiktok|15000/);
  });

  it("reads a blank setting as not set: no empty address, phone or link reaches the pages", async () => {
    await database.db
      .update(siteSettings)
      .set({ value: { address: { en: " ", ar: "" }, phones: ["", "  "], email: " ", chatNumber: "" } })
      .where(eq(siteSettings.key, "contact"));
    await database.db.update(siteSettings).set({ value: { facebook: "", tiktok: " " } }).where(eq(siteSettings.key, "social"));
    const settings = await getPublicSettings();
    expect(settings.contact).toEqual({ address: undefined, phones: [], email: undefined, chatNumber: undefined, chatGreeting: undefined });
    expect(Object.values(settings.social).filter(Boolean)).toEqual([]);
  });

  it("sends the provider notifications to NOTIFY_EMAIL until staff set an address, then to theirs", async () => {
    const app = await startedWith({ NOTIFY_EMAIL });
    await app.contact.createContactMessage({ name: "Omar Hassan", email: "omar@example.com", message: "Do you run courses on weekends?" }, { locale: "ar" });
    await saveContact({ notifyEmail: "leads@provider.test" });
    await app.contact.createContactMessage({ name: "Mona Adel", email: "mona@example.com", message: "Is there a group discount?" }, { locale: "en" });
    const rows = await database.db.select({ to: emailOutbox.toAddress, replyTo: emailOutbox.replyTo }).from(emailOutbox);
    expect(new Map(rows.map((r) => [r.replyTo, r.to]))).toEqual(
      new Map([
        ["omar@example.com", NOTIFY_EMAIL],
        ["mona@example.com", "leads@provider.test"],
      ]),
    );
  });
});

describe("Finish setting up (dashboard)", () => {
  it("lists the four tasks as not done on a new site, for an admin", async () => {
    expect(await getSetupChecklist(admin)).toEqual([
      { task: "contact", done: false },
      { task: "notifications", done: false },
      { task: "smtp", done: false },
      { task: "firstCourse", done: false },
    ]);
    // The dashboard's loader sends it with the counts.
    const res = await callLoader(dashboardLoader, { url: "/admin?lang=en", actor: admin });
    expect(res.status).toBe(200);
    expect(tasks((res.data!.dashboard as Awaited<ReturnType<typeof getDashboard>>).setup)).toEqual({
      contact: false,
      notifications: false,
      smtp: false,
      firstCourse: false,
    });
  });

  it("ticks each task once it is done: a phone or an email, a notification address, a course, SMTP_URL", async () => {
    await saveContact({ phone1: "010 1111 2222" });
    expect(tasks(await getSetupChecklist(admin))).toEqual({ contact: true, notifications: false, smtp: false, firstCourse: false });
    // The public email alone does not choose where notifications go: the item asks for that choice.
    await saveContact({ phone1: "", email: "hello@provider.test" });
    expect(tasks(await getSetupChecklist(admin))).toMatchObject({ contact: true, notifications: false });
    await saveContact({ notifyEmail: "leads@provider.test" });
    await makeCourse({ title: "First draft", isPublished: false });
    expect(tasks(await getSetupChecklist(admin))).toEqual({ contact: true, notifications: true, smtp: false, firstCourse: true });

    const app = await startedWith({ SMTP_URL: "smtp://mail.provider.test:587" });
    expect(tasks(await app.dashboard.getSetupChecklist(admin))).toEqual({ contact: true, notifications: true, smtp: true, firstCourse: true });
  });

  it("counts NOTIFY_EMAIL as the notification address", async () => {
    const app = await startedWith({ NOTIFY_EMAIL });
    expect(tasks(await app.dashboard.getSetupChecklist(admin))).toEqual({ contact: false, notifications: true, smtp: false, firstCourse: false });
  });

  it("lists only what the staff member can do: no settings tasks without settings:edit, no SMTP for a manager", async () => {
    const courseMaker = await createManager(admin, "courses@example.com", ["courses:view", "courses:create"]);
    expect(await getSetupChecklist(courseMaker)).toEqual([{ task: "firstCourse", done: false }]);
    const editor = await createManager(admin, "settings@example.com", ["settings:edit"]);
    expect(await getSetupChecklist(editor)).toEqual([
      { task: "contact", done: false },
      { task: "notifications", done: false },
    ]);
    // Nothing to do: not computed, not sent.
    const reader = await createManager(admin, "reader@example.com", ["courses:view", "messages:view"]);
    expect(await getSetupChecklist(reader)).toEqual([]);
    expect(await getDashboard(reader)).not.toHaveProperty("setup");
  });
});

describe("the setup card", () => {
  async function dashboardHtml(actor: Actor, lang: Locale): Promise<string> {
    const dashboard = await getDashboard(actor);
    await i18n.changeLanguage(lang);
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: () => createElement(DashboardPage, { actor: toActorView(actor), dashboard, locale: lang }) },
    ]);
    return renderToString(createElement(I18nextProvider, { i18n }, createElement(Stub, { initialEntries: ["/"] })));
  }
  /** The card's own HTML ("" without it): the page's Quick Actions link to some of the same places. */
  const card = (html: string) => /<section[^>]*data-setup-card[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

  it("links each open task to where it is done, in English and Arabic, and leaves once all are done", async () => {
    const en = card(await dashboardHtml(admin, "en"));
    expect(en).toContain("Finish setting up");
    expect(en).toContain("0 of 4 done");
    for (const href of ["/admin/settings#contact-details", "/admin/emails", "/admin/courses?action=create"]) expect(en).toContain(`href="${href}"`);
    const ar = card(await dashboardHtml(admin, "ar"));
    expect(ar).toContain(i18n.getFixedT("ar")("dashboard.setup.title"));
    expect(ar).toContain("تم 0 من 4");

    await saveContact({ email: "hello@provider.test", notifyEmail: "leads@provider.test" });
    await makeCourse({ title: "First", isPublished: true });
    const some = card(await dashboardHtml(admin, "en"));
    expect(some).toContain("3 of 4 done");
    expect(some).not.toContain('href="/admin/courses?action=create"');

    // A manager whose one task is done has nothing left to finish: no card.
    const courseMaker = await createManager(admin, "courses@example.com", ["courses:view", "courses:create"]);
    expect(await dashboardHtml(courseMaker, "en")).not.toContain("data-setup-card");
  });
});
