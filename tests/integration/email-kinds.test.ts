// Every kind of email the app sends has a name in the email log and the audit log, in both languages
// (issue 36 item 16: "run-reminder" showed raw). The kinds are the ones the senders use.
import { describe, expect, it } from "vitest";
import { RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { RUN_MESSAGE_KIND } from "~/features/courses/course-runs-admin.server.ts";
import { decisionEmailKind } from "~/features/enrollments/enrollment-decisions.server.ts";
import ar from "~/locales/ar/admin-messages.json";
import en from "~/locales/en/admin-messages.json";

const KINDS = [
  "contact-message",
  "enrollment-notification",
  "enrollment-confirmation",
  "password-reset",
  decisionEmailKind("approved"),
  decisionEmailKind("rejected"),
  RUN_MESSAGE_KIND,
  RUN_REMINDER_KIND,
];

describe("email kinds", () => {
  it.each(KINDS)("%s has a name in English and in Arabic", (kind) => {
    const names = [en.adminEmails.kinds, ar.adminEmails.kinds].map((kinds) => (kinds as Record<string, string>)[kind]);
    expect(names[0]).toMatch(/^[A-Z][a-z]/);
    expect(names[1]).toMatch(/[\u0600-\u06FF]/);
  });
});
