// The enrollment confirmation (issue 13 point 5): the ID is an LTR token with a Copy button, and the
// message stays until the visitor closes it (no timer). Rendered on the server side, as the no-JS page is.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import arForms from "~/locales/ar/forms.json";
import enForms from "~/locales/en/forms.json";
import * as dialogModule from "./enrollment-dialog.tsx";
import { copyToClipboard, EnrollmentSuccess } from "./enrollment-success.tsx";

const ID = "ENR-M5K2J9-AB12";

async function render(lng: "en" | "ar", onDismiss?: () => void, waiting = false): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { common: enForms }, ar: { common: arForms } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <EnrollmentSuccess enrollmentId={ID} onDismiss={onDismiss} waiting={waiting} />
    </I18nextProvider>,
  ).replace(/<!-- -->/g, "");
}

const text = (html: string) => html.replace(/<[^>]+>/g, "");

afterEach(() => vi.restoreAllMocks());

describe("EnrollmentSuccess", () => {
  it("tells a visitor whose run was full that the request is on its waiting list, with the ID (en and ar)", async () => {
    const en = text(await render("en", undefined, true));
    expect(en).toContain(`This group is full, so you are on its waiting list. Enrollment ID: ${ID}.`);
    expect(en).not.toContain("sent successfully");
    const ar = text(await render("ar", undefined, true));
    expect(ar).toContain(`قائمة الانتظار`);
    expect(ar).toContain(`رقم طلب التسجيل: ${ID}.`);
  });

  it("shows the ID as one left-to-right token inside the translated message (en and ar)", async () => {
    const en = await render("en");
    expect(en).toMatch(new RegExp(`<bdi dir="ltr" class="whitespace-nowrap font-mono font-semibold"><span>${ID}</span></bdi>`));
    expect(text(en)).toContain(`Enrollment request sent successfully! Enrollment ID: ${ID}. We'll contact you soon.`.replace("'", "&#x27;"));
    const ar = await render("ar");
    expect(text(ar)).toContain(`رقم طلب التسجيل: ${ID}. سنتواصل معك قريبًا.`);
    expect(ar).toContain(`<bdi dir="ltr"`);
  });

  it("has a translated Copy button, hidden until JavaScript runs (the no-JS page shows the ID alone)", async () => {
    const en = await render("en");
    expect(en).toMatch(/<button type="button" hidden=""[^>]*aria-label="Copy the enrollment ID"[^>]*>.*Copy<\/button>/);
    const ar = await render("ar");
    expect(ar).toMatch(/<button type="button" hidden=""[^>]*aria-label="نسخ رقم طلب التسجيل"[^>]*>.*نسخ<\/button>/);
  });

  it("stays until dismissed: no timer is set, and a Close button only where it can be dismissed", async () => {
    const timers = vi.spyOn(globalThis, "setTimeout");
    const withClose = await render("en", () => {});
    expect(timers).not.toHaveBeenCalled();
    expect(withClose).toMatch(/<button type="button" class="btn-primary[^"]*">Close<\/button>/);
    expect(withClose).toContain('role="status"');
    // The no-JS page: nothing to close, the message is the page.
    expect(await render("en")).not.toContain(">Close</button>");
    // The modal no longer closes itself after a delay.
    expect("AUTO_CLOSE_MS" in dialogModule).toBe(false);
  });
});

describe("copyToClipboard", () => {
  it("writes the ID, and reports a missing or refusing clipboard", async () => {
    const writeText = vi.fn(async () => {});
    expect(await copyToClipboard(ID, { writeText })).toBe(true);
    expect(writeText).toHaveBeenCalledWith(ID);
    expect(await copyToClipboard(ID, undefined)).toBe(false);
    expect(await copyToClipboard(ID, { writeText: async () => Promise.reject(new Error("denied")) })).toBe(false);
  });
});
