// The run choices' words (issue 20): date and time in Cairo in the page's language with Western digits,
// the zone said; schedule and place in the page's language, else the other one; the place only on site.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import { resources } from "~/locales/index.ts";
import { runOptions } from "./run-options.ts";

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: "en", defaultNS: "common", interpolation: { escapeValue: false }, initAsync: false });

const base: PublicRun = {
  id: "r1",
  courseId: "c1",
  // 2027-01-12 19:00 in Cairo (UTC+2 in winter).
  startsAt: new Date("2027-01-12T17:00:00Z"),
  endsAt: null,
  schedule: "Sun and Wed",
  scheduleAr: null,
  mode: "on_site",
  location: null,
  locationAr: "مدينة نصر",
  capacity: 2,
  price: null,
  instructorId: null,
  sessionMinutes: null,
  repeatFrequency: null,
  repeatCount: null,
  updatedAt: new Date(),
  approved: 2,
  seatsLeft: 0,
  full: true,
};

describe("runOptions", () => {
  it("in English: Cairo date and time with the zone, fallbacks to Arabic text, the place on site", () => {
    expect(runOptions([base], "en", i18n.getFixedT("en"))).toEqual([
      { id: "r1", date: "Tue, January 12, 2027", time: "7:00 PM Cairo time", schedule: "Sun and Wed", mode: "On-site", location: "مدينة نصر", price: "", full: true },
    ]);
  });
  it("says each run's price: its own, else the course's; nothing when free (issue 37 item 1)", () => {
    const t = i18n.getFixedT("en");
    expect(runOptions([{ ...base, price: 2500 }], "en", t, { price: 2800, priceVisible: true })[0]!.price).toMatch(/^EGP\s?2,500$/);
    expect(runOptions([{ ...base, price: null }], "en", t, { price: 2800, priceVisible: true })[0]!.price).toMatch(/^EGP\s?2,800$/);
    expect(runOptions([{ ...base, price: 0 }], "en", t, { price: 2800, priceVisible: true })[0]!.price).toBe("");
    expect(runOptions([{ ...base, price: null }], "ar", i18n.getFixedT("ar"), { price: 1500.5, priceVisible: true })[0]!.price).toMatch(/1,500\.50/);
    // A hidden price hides every run's too.
    expect(runOptions([{ ...base, price: 2500 }], "en", t, { price: 2800, priceVisible: false })[0]!.price).toBe("");
  });
  it("in Arabic with Western digits; no place for a live online run", () => {
    const [ar] = runOptions([{ ...base, mode: "live_online", scheduleAr: "الأحد والأربعاء", full: false }], "ar", i18n.getFixedT("ar"));
    expect(ar).toEqual({
      id: "r1",
      date: "الثلاثاء، 12 يناير 2027",
      time: "7:00 م بتوقيت القاهرة",
      schedule: "الأحد والأربعاء",
      mode: "أونلاين مباشر",
      location: "",
      price: "",
      full: false,
    });
  });
});
