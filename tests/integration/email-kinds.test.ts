// Every kind of email the app sends has a name in the email log and the audit log, in both languages
// (issue 36 item 16: "run-reminder" showed raw). The kinds are the ones the senders use: the literal ones
// below and every `…_KIND = "…"` constant in the app's code (found by reading the files, so a new sender
// cannot be forgotten here).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) && !/\.test\./.test(d.name) ? [path.join(dir, d.name)] : [],
  );
}
const DECLARED = sourceFiles("app").flatMap((file) => [...readFileSync(file, "utf8").matchAll(/_KIND = "([a-z-]+)"/g)].map((m) => m[1]!));

it("finds the kinds the senders declare (the scan works)", () => {
  expect(DECLARED).toEqual(expect.arrayContaining(["payment-receipt", "student-sign-in", "enrollment-withdrawn"]));
});
KINDS.push(...DECLARED.filter((k) => !KINDS.includes(k)));

describe("email kinds", () => {
  it.each(KINDS)("%s has a name in English and in Arabic", (kind) => {
    const names = [en.adminEmails.kinds, ar.adminEmails.kinds].map((kinds) => (kinds as Record<string, string>)[kind]);
    expect(names[0]).toMatch(/^[A-Z][a-z]/);
    expect(names[1]).toMatch(/[\u0600-\u06FF]/);
  });
});
