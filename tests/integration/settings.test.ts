// Site settings (D12) against a real database: the admin form's values round-trip into the JSON the
// public site reads (footer, chat button, About figures, notification inbox) and the two-step sign-in
// requirement the staff session reads (D28), every refusal has its message in English and Arabic with
// nothing written, settings:edit is enforced, and saves are audited.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DEMO_SITE_SETTINGS } from "@db/seed/demo-data.ts";
import { auditLog, siteSettings } from "@db/schema/index.ts";
import { isTwoFactorRequired } from "~/features/auth/two-factor.server.ts";
import { getAboutFigures } from "~/features/catalog/catalog.server.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import { loadMailContext } from "~/lib/email.server.ts";
import { siteSettingsSchema, type SiteSettingsValues } from "~/features/settings/settings-admin.schema.ts";
import { getSiteSettingsForm, saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import { getPublicSettings } from "~/features/settings/settings.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings.tsx";
import { ANONYMOUS, createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { caught } from "../setup/expect.ts";
import { ARABIC, tAr, tEn } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

/** Every staff member of this file writes from this address (the audit lines carry it). */
const IP = "198.51.100.4";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  // A demo site's settings (db/seed: the defaults with the demo's contact details), so the form starts
  // from the real shapes with every field filled.
  for (const [key, value] of Object.entries(DEMO_SITE_SETTINGS)) {
    await database.db.insert(siteSettings).values({ key, value });
  }
  admin = await createAdmin({ ip: IP });
});

const manager = (email: string, permissions: Permission[]) => createManager(admin, email, permissions, { ip: IP });

async function storedRows() {
  const rows = await database.db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, Record<string, unknown>>;
}

async function settingsAudit() {
  return database.db.select().from(auditLog).where(eq(auditLog.entity, "site_settings"));
}

/** A complete, valid form. */
function validForm(): SiteSettingsValues {
  return {
    brandNameEn: "Delta Academy",
    brandNameAr: "أكاديمية الدلتا",
    brandDescriptionEn: "Live online courses.",
    brandDescriptionAr: "دورات مباشرة عبر الإنترنت.",
    addressEn: "1 Nile Street, Cairo",
    addressAr: "1 شارع النيل، القاهرة",
    phone1: "+20 100 000 0001",
    phone2: "٠١٢٣٤٥٦٧٨٩٠",
    email: "Hello@Delta.example",
    notifyEmail: "leads@delta.example",
    chatNumber: "+20 100-000-0001",
    chatGreetingEn: "Hi! I have a question about a course.",
    chatGreetingAr: "مرحبًا، لديّ سؤال عن إحدى الدورات.",
    facebook: "https://www.facebook.com/delta",
    instagram: "https://instagram.com/delta",
    linkedin: "https://www.linkedin.com/company/delta",
    tiktok: "https://www.tiktok.com/@delta",
    yearsOfExperience: 12,
    partners: 40,
    students: 20000,
  };
}

describe("reading and saving", () => {
  it("reads the stored settings as the form's values", async () => {
    const values = await getSiteSettingsForm(admin);
    expect(values).toMatchObject({
      brandNameEn: DEMO_SITE_SETTINGS.brand.name.en,
      brandNameAr: DEMO_SITE_SETTINGS.brand.name.ar,
      addressAr: DEMO_SITE_SETTINGS.contact.address.ar,
      phone1: DEMO_SITE_SETTINGS.contact.phones[0],
      phone2: DEMO_SITE_SETTINGS.contact.phones[1],
      email: DEMO_SITE_SETTINGS.contact.email,
      notifyEmail: "",
      chatNumber: DEMO_SITE_SETTINGS.contact.chatNumber,
      tiktok: DEMO_SITE_SETTINGS.social.tiktok,
      yearsOfExperience: DEMO_SITE_SETTINGS.about.yearsOfExperience,
      students: DEMO_SITE_SETTINGS.about.students,
      // No two_factor row yet: not required.
      twoFactorRequired: false,
    });
  });

  it("saves into the shapes the public site reads: footer, chat button, About figures, notification inbox", async () => {
    await saveSiteSettings(admin, validForm());
    const pub = await getPublicSettings();
    expect(pub.brand).toEqual({
      name: { en: "Delta Academy", ar: "أكاديمية الدلتا" },
      description: { en: "Live online courses.", ar: "دورات مباشرة عبر الإنترنت." },
    });
    expect(pub.contact).toEqual({
      address: { en: "1 Nile Street, Cairo", ar: "1 شارع النيل، القاهرة" },
      // D26: phone and chat numbers in E.164 (the Arabic-Indic 01234567890 is an Egyptian mobile number).
      phones: ["+201000000001", "+201234567890"],
      email: "hello@delta.example",
      chatNumber: "+201000000001",
      chatGreeting: { en: "Hi! I have a question about a course.", ar: "مرحبًا، لديّ سؤال عن إحدى الدورات." },
    });
    // The notification inbox is stored for the server's emails, never sent to visitors with the pages.
    expect(JSON.stringify(pub)).not.toContain("leads@delta.example");
    expect((await storedRows()).contact).toMatchObject({ notifyEmail: "leads@delta.example" });
    expect(pub.social).toEqual({
      facebook: "https://www.facebook.com/delta",
      instagram: "https://instagram.com/delta",
      linkedin: "https://www.linkedin.com/company/delta",
      tiktok: "https://www.tiktok.com/@delta",
    });
    expect(await getAboutFigures()).toMatchObject({ yearsOfExperience: 12, partners: 40, students: 20000 });
    // Enrollment and contact notifications go to the notification address (D5, D12).
    expect((await loadMailContext(database.db)).providerEmail).toBe("leads@delta.example");
  });

  it("removes emptied fields (the footer then shows nothing) and keeps keys the form does not know", async () => {
    await database.db
      .update(siteSettings)
      .set({ value: { ...DEMO_SITE_SETTINGS.social, youtube: "https://youtube.com/@x" } })
      .where(eq(siteSettings.key, "social"));
    await saveSiteSettings(admin, {
      ...validForm(),
      brandNameAr: "",
      brandDescriptionEn: "",
      brandDescriptionAr: "",
      addressEn: "",
      addressAr: "",
      phone1: "",
      phone2: "+20 2 2222 2222",
      email: "",
      notifyEmail: "",
      chatNumber: "",
      chatGreetingEn: "",
      chatGreetingAr: "",
      tiktok: "",
      instagram: "   ",
    });
    const rows = await storedRows();
    expect(rows.brand).toEqual({ name: { en: "Delta Academy" }, description: {} });
    expect(rows.contact).toEqual({ phones: ["+20222222222"] });
    expect(rows.social).toEqual({
      facebook: "https://www.facebook.com/delta",
      linkedin: "https://www.linkedin.com/company/delta",
      youtube: "https://youtube.com/@x",
    });
    // Without any address in the settings the notification inbox falls back to the environment.
    expect((await loadMailContext(database.db)).providerEmail).toBe(process.env.NOTIFY_EMAIL);
  });

  it("falls back to the contact email for notifications when no notification address is set", async () => {
    await saveSiteSettings(admin, { ...validForm(), notifyEmail: "" });
    expect((await loadMailContext(database.db)).providerEmail).toBe("hello@delta.example");
  });

  it("creates the rows when they do not exist yet", async () => {
    await resetDatabase(database.db);
    const fresh = await createAdmin({ ip: IP });
    expect(await getSiteSettingsForm(fresh)).toMatchObject({ brandNameEn: "", phone1: "", yearsOfExperience: 0 });
    await saveSiteSettings(fresh, validForm());
    expect(Object.keys(await storedRows()).sort()).toEqual(["about", "brand", "contact", "payments", "privacy", "social", "two_factor"]);
    expect((await storedRows()).two_factor).toEqual({ required: false });
  });

  it("records each save in the audit log with the fields that changed", async () => {
    await saveSiteSettings(admin, { ...(await getSiteSettingsForm(admin)), phone1: "+20 111 222 3333", partners: 36 });
    const [row] = await settingsAudit();
    expect(row).toMatchObject({ action: "update", entity: "site_settings", actorId: admin.id, actorEmail: "admin@example.com" });
    expect(row!.data).toMatchObject({
      changed: ["phone1", "partners"],
      before: { phone1: DEMO_SITE_SETTINGS.contact.phones[0], partners: DEMO_SITE_SETTINGS.about.partners },
      after: { phone1: "+201112223333", partners: 36 },
      ip: "198.51.100.4",
    });
  });
});

describe("validation: translated messages, nothing written", () => {
  const EGYPT_INVALID =
    "Please enter a valid Egyptian number, for example 010 1234 5678 (mobile numbers have 11 digits and start with 010, 011, 012 or 015).";
  const INTERNATIONAL_INVALID =
    "Please enter a valid international number: the country code and the number have 8 to 15 digits together, for example +966 50 123 4567.";
  const cases: [keyof SiteSettingsValues, unknown, string, string][] = [
    ["brandNameEn", "", "brandNameRequired", "Brand name is required"],
    ["brandNameEn", "x".repeat(101), "brandNameTooLong", "Brand name too long"],
    ["brandNameAr", "ع".repeat(101), "brandNameTooLong", "Brand name too long"],
    ["brandDescriptionAr", "ع".repeat(501), "brandDescriptionTooLong", "Description too long"],
    ["addressEn", "x".repeat(301), "addressTooLong", "Address too long"],
    ["phone1", "call me", "phoneInvalid", "Please enter a valid phone number"],
    ["phone1", "010.1234.5678", "phoneInvalid", "Please enter a valid phone number"],
    ["phone1", "x".repeat(31), "phoneInvalid", "Please enter a valid phone number"],
    ["phone2", "12345", "phoneEgyptInvalid", EGYPT_INVALID],
    ["phone1", "+20 1234567890123456", "phoneEgyptInvalid", EGYPT_INVALID],
    ["phone2", "٠١٠١٢٣٤٥٦٧", "phoneEgyptInvalid", EGYPT_INVALID],
    ["phone1", "+966 1234", "phoneInternationalInvalid", INTERNATIONAL_INVALID],
    ["email", "not-an-email", "emailInvalid", "Please enter a valid email address"],
    ["notifyEmail", "a@b", "emailInvalid", "Please enter a valid email address"],
    ["chatNumber", "call me", "chatNumberInvalid", "Enter the chat number in international format, digits only, for example 201012345678"],
    ["chatNumber", "0100 000 000", "phoneEgyptInvalid", EGYPT_INVALID],
    ["chatNumber", "12345", "phoneInternationalInvalid", INTERNATIONAL_INVALID],
    ["chatNumber", "wa.me/2010", "chatNumberInvalid", "Enter the chat number in international format, digits only, for example 201012345678"],
    ["chatGreetingEn", "x".repeat(301), "greetingTooLong", "Greeting too long"],
    ["facebook", "javascript:alert(1)", "facebookInvalid", "Invalid Facebook URL"],
    ["facebook", "https://evil.example/facebook.com", "facebookInvalid", "Invalid Facebook URL"],
    ["instagram", "instagram", "instagramInvalid", "Invalid Instagram URL"],
    ["instagram", "evil.example/instagram.com", "instagramInvalid", "Invalid Instagram URL"],
    ["linkedin", "ftp://linkedin.com/in/x", "linkedinInvalid", "Invalid LinkedIn URL"],
    ["tiktok", "https://tiktok.com.evil.example/@x", "tiktokInvalid", "Invalid TikTok URL"],
    ["yearsOfExperience", -1, "figureInvalid", "Enter a whole number of 0 or more"],
    ["partners", 2.5, "figureInvalid", "Enter a whole number of 0 or more"],
    ["students", 10_000_001, "figureTooLarge", "This number is too large"],
  ];

  it.each(cases)("%s = %j → %s", async (field, value, key, english) => {
    const before = await storedRows();
    const err = await caught(saveSiteSettings(admin, { ...validForm(), [field]: value }));
    expect(err.code).toBe("bad_request");
    expect(err.status).toBe(400);
    expect(err.fields?.[field]).toBe(`settings.errors.${key}`);
    expect(tEn(`settings.errors.${key}`)).toBe(english);
    expect(tAr(`settings.errors.${key}`)).toMatch(ARABIC);
    expect(await storedRows()).toEqual(before);
    expect(await settingsAudit()).toEqual([]);
  });

  it("completes a social address typed without https:// (issue 17), in the browser's check and on the server", async () => {
    const typed = { facebook: "facebook.com/delta", instagram: "www.instagram.com/delta", linkedin: "//linkedin.com/company/delta", tiktok: "tiktok.com/@delta" };
    const browser = siteSettingsSchema.safeParse({ ...validForm(), ...typed });
    expect(browser.success && { facebook: browser.data.facebook, linkedin: browser.data.linkedin }).toEqual({
      facebook: "https://facebook.com/delta",
      linkedin: "https://linkedin.com/company/delta",
    });
    await saveSiteSettings(admin, { ...validForm(), ...typed });
    const { social } = await storedRows();
    expect(social).toMatchObject({
      facebook: "https://facebook.com/delta",
      instagram: "https://www.instagram.com/delta",
      linkedin: "https://linkedin.com/company/delta",
      tiktok: "https://tiktok.com/@delta",
    });
  });

  it("accepts subdomains of the social networks and Arabic-Indic digits in numbers", async () => {
    await saveSiteSettings(admin, { ...validForm(), facebook: "https://m.facebook.com/delta", phone1: "+٢٠ ١٠٠ ٠٠٠ ٠٠٠١", chatNumber: "00201000000001" });
    const { contact, social } = await storedRows();
    expect(social!.facebook).toBe("https://m.facebook.com/delta");
    expect(contact!.phones).toEqual(["+201000000001", "+201234567890"]);
    expect(contact!.chatNumber).toBe("+201000000001");
  });

  it.each([
    ["010 1234 5678", "+201012345678"],
    ["(02) 2345-6789", "+20223456789"],
    ["0020 10 1234 5678", "+201012345678"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("stores the phone %j as %j (D26), and the chat number typed as digits only", async (typed, stored) => {
    await saveSiteSettings(admin, { ...validForm(), phone1: typed, chatNumber: "966501234567" });
    const { contact } = await storedRows();
    expect(contact!.phones).toEqual([stored, "+201234567890"]);
    expect(contact!.chatNumber).toBe("+966501234567");
  });

});

describe("permission (settings:edit) and the /admin/settings route", () => {
  const run = (actor: Actor | null, form: Record<string, string>) => callAction(settingsAction, { url: "/admin/settings", form, actor });
  const load = (actor: Actor | null) => callLoader(settingsLoader, { url: "/admin/settings?lang=ar", actor });
  const page = async (actor: Actor) => (await load(actor)).data!;

  const formFields = (over: Partial<Record<keyof SiteSettingsValues, string>> = {}) =>
    Object.fromEntries(
      Object.entries({ ...validForm(), ...over }).map(([k, v]) => [k, String(v)]),
    ) as Record<string, string>;

  it("declares its permission", () => {
    expect(adminPage("/admin/settings").access).toBe("settings:edit");
  });

  it("refuses staff without settings:edit (domain and route), writing nothing", async () => {
    const other = await manager("other@example.com", ["categories:view", "courses:edit"]);
    const before = await storedRows();
    expect((await caught(getSiteSettingsForm(other))).messageKey).toBe("admin.errors.forbidden");
    expect((await caught(saveSiteSettings(other, validForm()))).code).toBe("forbidden");
    expect((await run(other, { intent: "save", ...formFields() })).status).toBe(403);
    expect((await run(ANONYMOUS, { intent: "save", ...formFields() })).status).toBe(302);
    expect((await load(other)).status).toBe(403);
    expect(await storedRows()).toEqual(before);
    expect(await settingsAudit()).toEqual([]);
  });

  it("lets a manager with settings:edit load and save through the form", async () => {
    const editor = await manager("editor@example.com", ["settings:edit"]);
    const form = await page(editor);
    expect(form.title).toBe(tAr("settings.metaTitle"));
    expect(form.values.phone1).toBe(DEMO_SITE_SETTINGS.contact.phones[0]);
    const saved = await run(editor, { intent: "save", ...formFields({ phone1: "+20 155 555 5555" }) });
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    expect((await getPublicSettings()).contact.phones).toEqual(["+201555555555", "+201234567890"]);
  });
  it("reads Arabic-Indic digits in the About figures (D26)", async () => {
    const editor = await manager("figures@example.com", ["settings:edit"]);
    const saved = await run(editor, { intent: "save", ...formFields({ yearsOfExperience: "١٢", partners: "۴۰", students: "٢٠٠٠٠" }) });
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    expect((await storedRows()).about).toMatchObject({ yearsOfExperience: 12, partners: 40, students: 20000 });
  });

  it("Security: saves two-step sign-in required on and off (an unticked box posts nothing), audited", async () => {
    expect((await storedRows()).two_factor).toBeUndefined();
    expect((await page(admin)).values.twoFactorRequired).toBe(false);

    const on = await run(admin, { intent: "save", ...formFields(), twoFactorRequired: "on" });
    expect(on).toMatchObject({ status: 200, data: { ok: true } });
    expect((await storedRows()).two_factor).toEqual({ required: true });
    expect(await isTwoFactorRequired()).toBe(true);
    expect((await page(admin)).values.twoFactorRequired).toBe(true);

    const off = await run(admin, { intent: "save", ...formFields() });
    expect(off).toMatchObject({ status: 200, data: { ok: true } });
    expect((await storedRows()).two_factor).toEqual({ required: false });
    expect(await isTwoFactorRequired()).toBe(false);

    const audits = await settingsAudit();
    expect(audits).toHaveLength(2);
    const turnedOn = audits.find((a) => (a.data as { after?: { twoFactorRequired?: boolean } }).after?.twoFactorRequired === true);
    const turnedOff = audits.find((a) => (a.data as { after?: { twoFactorRequired?: boolean } }).after?.twoFactorRequired === false);
    expect(turnedOn).toMatchObject({ action: "update", entity: "site_settings", actorId: admin.id, actorEmail: "admin@example.com" });
    expect(turnedOn!.data).toMatchObject({ before: { twoFactorRequired: false }, ip: "198.51.100.4" });
    expect((turnedOn!.data as { changed: string[] }).changed).toContain("twoFactorRequired");
    expect(turnedOff).toMatchObject({ action: "update", entity: "site_settings", actorId: admin.id });
    expect(turnedOff!.data).toMatchObject({ changed: ["twoFactorRequired"], before: { twoFactorRequired: true } });

    expect(tEn("settings.groups.security")).toBe("Security");
    expect(tEn("settings.fields.twoFactorRequired")).toBe("Require two-step sign-in for every staff member");
    for (const key of ["settings.groups.security", "settings.fields.twoFactorRequired", "settings.fields.twoFactorRequiredHint"]) {
      expect(tAr(key)).toMatch(ARABIC);
    }
  });

  it("Security: keeps other keys of the two_factor row; a value that is not a checkbox's is refused", async () => {
    await database.db.insert(siteSettings).values({ key: "two_factor", value: { required: true, note: "kept" } });
    expect((await getSiteSettingsForm(admin)).twoFactorRequired).toBe(true);
    const before = await storedRows();
    const bad = await run(admin, { intent: "save", ...formFields(), twoFactorRequired: "yes" });
    expect(bad.status).toBe(400);
    expect(await storedRows()).toEqual(before);
    expect(await settingsAudit()).toEqual([]);
    await run(admin, { intent: "save", ...formFields() });
    expect((await storedRows()).two_factor).toEqual({ required: false, note: "kept" });
  });

  it("Security: a manager without settings:edit can neither turn it on nor off (403, nothing changes)", async () => {
    const usersManager = await manager("users-manager@example.com", ["users:view", "users:edit"]);
    expect((await run(usersManager, { intent: "save", ...formFields(), twoFactorRequired: "on" })).status).toBe(403);
    expect((await storedRows()).two_factor).toBeUndefined();
    expect(await isTwoFactorRequired()).toBe(false);

    await saveSiteSettings(admin, { ...(await getSiteSettingsForm(admin)), twoFactorRequired: true });
    const before = await storedRows();
    const auditsBefore = await settingsAudit();
    expect((await run(usersManager, { intent: "save", ...formFields() })).status).toBe(403);
    expect(await storedRows()).toEqual(before);
    expect(before.two_factor).toEqual({ required: true });
    expect(await settingsAudit()).toEqual(auditsBefore);
    await expect(saveSiteSettings(usersManager, { ...validForm(), twoFactorRequired: false })).rejects.toMatchObject({ status: 403 });
    expect(await isTwoFactorRequired()).toBe(true);
  });

  it("answers bad input with 400 and field message keys; an unknown intent with 400", async () => {
    const before = await storedRows();
    const bad = await run(admin, { intent: "save", ...formFields({ brandNameEn: "", facebook: "nope", partners: "many" }) });
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error).toEqual({
      brandNameEn: ["settings.errors.brandNameRequired"],
      facebook: ["settings.errors.facebookInvalid"],
      partners: ["settings.errors.figureInvalid"],
    });
    expect((await run(admin, { intent: "__matrix_probe__" })).status).toBe(400);
    expect(await storedRows()).toEqual(before);
  });
});

describe("two staff editing the settings (issue 35 item 6)", () => {
  const CONFLICT = "admin.errors.editConflict";
  const run = (actor: Actor, form: Record<string, string>) => callAction(settingsAction, { url: "/admin/settings", form, actor });
  /** The page's values as the browser posts them (a ticked box posts "on", an unticked one nothing). */
  const posted = (values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).flatMap(([k, v]) => (typeof v === "boolean" ? (v ? [[k, "on"]] : []) : [[k, String(v)]])),
    ) as Record<string, string>;

  it("refuses the older form's save with 409, who and when; the first save is kept, nothing else written", async () => {
    const colleague = await manager("colleague@example.com", ["settings:edit"]);
    // Both open the page at the same version.
    const opened = await getSiteSettingsForm(admin);
    expect(opened.version).toMatch(/^\d+$/);
    expect((await getSiteSettingsForm(colleague)).version).toBe(opened.version);
    await saveSiteSettings(colleague, { ...opened, addressEn: "2 Nile Street, Giza" });
    const before = await storedRows();
    const auditsBefore = await settingsAudit();
    const err = await caught(saveSiteSettings(admin, { ...opened, partners: 99 }));
    expect(err).toMatchObject({ code: "conflict", status: 409, messageKey: CONFLICT, conflict: { by: "colleague@example.com" } });
    expect(Date.parse(err.conflict!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(tAr(CONFLICT)).toMatch(ARABIC);
    expect(await storedRows()).toEqual(before);
    expect(before.contact!.address).toMatchObject({ en: "2 Nile Street, Giza" });
    expect(await settingsAudit()).toEqual(auditsBefore);
    expect(auditsBefore.map((a) => a.actorEmail)).toEqual(["colleague@example.com"]);
    // At the version the page now shows, the save goes through.
    await saveSiteSettings(admin, { ...(await getSiteSettingsForm(admin)), partners: 99 });
    expect((await storedRows()).about).toMatchObject({ partners: 99 });
  });

  it("writes exactly one of two saves of one version sent at once, also before the first save ever (no rows yet)", async () => {
    for (const fresh of [false, true]) {
      if (fresh) await resetDatabase(database.db);
      const actor = fresh ? await createAdmin({ ip: IP }) : admin;
      const opened = await getSiteSettingsForm(actor);
      expect(opened.version, fresh ? "never saved" : "saved").toMatch(/^\d+$/);
      const outcomes = await Promise.allSettled([
        saveSiteSettings(actor, { ...validForm(), version: opened.version, addressEn: "First" }),
        saveSiteSettings(actor, { ...validForm(), version: opened.version, addressEn: "Second" }),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{ addressEn: string }>;
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "conflict", messageKey: CONFLICT, conflict: { by: "admin@example.com" } });
      expect((await storedRows()).contact!.address).toMatchObject({ en: written.value.addressEn });
      expect(await settingsAudit()).toHaveLength(1);
    }
  });

  it("carries the version through the page: the loader gives it, a save answers the new one, an older one is refused and keeps what was typed", async () => {
    const colleague = await manager("colleague@example.com", ["settings:edit"]);
    const page = (actor: Actor) => callLoader(settingsLoader, { url: "/admin/settings", actor }).then((r) => r.data!.values);
    const opened = await page(admin);
    expect((await page(colleague)).version).toBe(opened.version);

    const first = await run(colleague, { intent: "save", ...posted({ ...opened, tiktok: "https://www.tiktok.com/@delta" }) });
    expect(first).toMatchObject({ status: 200, data: { ok: true } });
    expect(first.data?.version).toBe((await page(colleague)).version);
    expect(first.data?.version).not.toBe(opened.version);

    const second = await run(admin, { intent: "save", ...posted({ ...opened, linkedin: "https://www.linkedin.com/company/delta" }) });
    expect(second).toMatchObject({ status: 409, data: { ok: false, messageKey: CONFLICT, conflict: { by: "colleague@example.com" } } });
    expect(second.data?.result?.initialValue).toMatchObject({ linkedin: "https://www.linkedin.com/company/delta", version: opened.version });
    expect((await storedRows()).social).toMatchObject({ tiktok: "https://www.tiktok.com/@delta" });
    expect((await storedRows()).social!.linkedin).not.toBe("https://www.linkedin.com/company/delta");
    // The colleague saves again at the version their save answered.
    const again = await run(colleague, { intent: "save", ...posted({ ...opened, tiktok: "", version: first.data!.version! }) });
    expect(again).toMatchObject({ status: 200, data: { ok: true } });
  });
});
