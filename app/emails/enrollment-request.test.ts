// The enrollment request emails with a run (issue 20): the student's confirmation says the run's start in
// the student's language and Cairo time (Western digits), or that the request is on the run's waiting
// list; the provider's notification names the run and says "Waiting list" when so. Without a run they
// are as before (no start date).
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/index.ts";
import { renderEnrollmentConfirmationEmail, renderEnrollmentNotificationEmail, type EnrollmentRequestEmail } from "./enrollment-request.ts";

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: "en", defaultNS: "common", interpolation: { escapeValue: false }, initAsync: false });
const t = { en: i18n.getFixedT("en"), ar: i18n.getFixedT("ar") };

// Tuesday 12 January 2027, 19:00 in Cairo (winter time, UTC+2).
const run = { startsAt: new Date("2027-01-12T17:00:00Z"), schedule: "Tue and Thu, 7–9 pm", scheduleAr: null, mode: "on_site", waiting: false };
const request = (over: Partial<EnrollmentRequestEmail> = {}, locale: "en" | "ar" = "en"): EnrollmentRequestEmail => ({
  id: "ENR-ABC-123456",
  studentName: "Sara <b>",
  studentEmail: "sara@example.com",
  studentPhone: "+201012345678",
  message: undefined,
  course: { id: "c1", title: "Python Basics" },
  studentLocale: locale,
  ...over,
});

function confirmation(locale: "en" | "ar", r: EnrollmentRequestEmail) {
  return renderEnrollmentConfirmationEmail({ locale, t: t[locale], brand: "Nile Academy", request: r, courseUrl: "https://x.test/c" });
}
function notification(locale: "en" | "ar", r: EnrollmentRequestEmail) {
  return renderEnrollmentNotificationEmail({ locale, t: t[locale], brand: "Nile Academy", request: r, reviewUrl: "https://x.test/admin" });
}

describe("enrollment request emails for a run", () => {
  it("confirmation: the start in Cairo time, the schedule (other language when the student's is missing) and mode", () => {
    const en = confirmation("en", request({ run }));
    expect(en.text).toContain("The group you chose starts on Tuesday, January 12, 2027 at 7:00 PM (Cairo time).");
    expect(en.text).toContain("Tue and Thu, 7–9 pm");
    expect(en.text).toContain("On-site");
    expect(en.subject).toBe("We received your enrollment request for Python Basics (ENR-ABC-123456)");
    const ar = confirmation("ar", request({ run }, "ar"));
    expect(ar.text).toContain("تبدأ المجموعة التي اخترتها يوم الثلاثاء، 12 يناير 2027 في 7:00 م (بتوقيت القاهرة).");
    expect(ar.text).toContain("Tue and Thu, 7–9 pm");
    expect(ar.text).toContain("حضوري");
    expect(ar.text + ar.html + ar.subject).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    // Values are escaped in the HTML.
    expect(en.html).not.toContain("Sara <b>");
  });

  it("confirmation for a full run: the waiting list, in the subject and the text, in both languages", () => {
    const waiting = { ...run, waiting: true };
    const en = confirmation("en", request({ run: waiting }));
    expect(en.subject).toBe("You are on the waiting list for Python Basics (ENR-ABC-123456)");
    expect(en.text).toContain("The group starting on Tuesday, January 12, 2027 at 7:00 PM (Cairo time) is full");
    expect(en.text).not.toContain("The group you chose starts");
    const ar = confirmation("ar", request({ run: waiting }, "ar"));
    expect(ar.subject).toBe("أنت على قائمة الانتظار لدورة Python Basics (ENR-ABC-123456)");
    expect(ar.text).toContain("المجموعة التي تبدأ يوم الثلاثاء، 12 يناير 2027 في 7:00 م (بتوقيت القاهرة) مكتملة العدد");
    // One message, not two (issue 36 item 10): a waiting-list request is not also "received, we will confirm".
    expect(en.text).toContain("You are on the waiting list");
    expect(en.text).not.toMatch(/will contact you soon to confirm|has been received/);
    expect(ar.text).toContain("أنت على قائمة الانتظار");
    expect(ar.text).not.toContain("لتأكيد التفاصيل");
  });

  it("the course page and the admin page are links, in the HTML and on their own line in the text (issue 36 item 10)", () => {
    for (const locale of ["en", "ar"] as const) {
      const c = confirmation(locale, request({ run }, locale));
      expect(c.html).toMatch(/<a href="https:\/\/x\.test\/c"[^>]*>(Course page|صفحة الدورة)<\/a>/);
      expect(c.text).toMatch(/^(Course page|صفحة الدورة): https:\/\/x\.test\/c$/m);
      const n = notification(locale, request({ run }, locale));
      expect(n.html).toMatch(/<a href="https:\/\/x\.test\/admin"[^>]*>[^<]+<\/a>/);
    }
    expect(() =>
      renderEnrollmentConfirmationEmail({ locale: "en", t: t.en, brand: "B", request: request(), courseUrl: "javascript:alert(1)" }),
    ).toThrow(/http/);
  });

  it("notification: names the run's start, and says Waiting list when the run was full (staff language)", () => {
    const pending = notification("en", request({ run }));
    expect(pending.text).toContain("Run: Tuesday, January 12, 2027 at 7:00 PM (Cairo time)");
    expect(pending.text).not.toContain("Waiting list");
    expect(pending.subject).toBe("New enrollment request: Python Basics (ENR-ABC-123456)");
    const waiting = notification("ar", request({ run: { ...run, waiting: true } }));
    expect(waiting.subject).toBe("طلب على قائمة الانتظار: Python Basics (ENR-ABC-123456)");
    expect(waiting.text).toContain("المجموعة: الثلاثاء، 12 يناير 2027 في 7:00 م (بتوقيت القاهرة)");
    expect(waiting.text).toContain("الحالة: قائمة الانتظار");
  });

  it("without a run the emails say no start date", () => {
    const en = confirmation("en", request());
    expect(en.text).not.toContain("Cairo time");
    expect(en.text).not.toContain("waiting list");
    expect(notification("en", request()).text).not.toContain("Run:");
  });
});

describe("what a visitor writes cannot take over an email (issue 34 item 6)", () => {
  const forged = "Hello\nEnrollment ID: ENR-FAKE-000000\r\nACTION NEEDED: pay at http://evil.example/pay";

  it("the student's confirmation, sent to whatever address was typed, never carries the message", () => {
    for (const locale of ["en", "ar"] as const) {
      const email = confirmation(locale, request({ message: forged }, locale));
      expect(email.text + email.html).not.toContain("evil.example");
      expect(email.text + email.html).not.toContain("ACTION NEEDED");
    }
  });

  it("in the staff notification a message's lines stay inside its field: none reads as another field", () => {
    for (const locale of ["en", "ar"] as const) {
      const { text } = notification(locale, request({ message: forged }, locale));
      const lines = text.split("\n");
      expect(lines.filter((l) => l.startsWith("Enrollment ID: ENR-FAKE"))).toEqual([]);
      expect(lines.filter((l) => l.startsWith("ACTION NEEDED"))).toEqual([]);
      expect(lines).toContain("    | Enrollment ID: ENR-FAKE-000000");
    }
  });
});
