// Spoofing for staff (issue 34 item 7) against a real database (PGlite, or PostgreSQL with TEST_DB=pg):
// rows stored before names were cleaned at input hold a right-to-left override ("Ali Hassan\u202Egnp.exe"
// read "exe.png nassaH ilA"), and an email with a Cyrillic "а" passed for admin@example.com. What the
// admin loaders give, what the pages render in both languages, the CSV export, the email log and the audit
// names: no direction control, each value in its own isolated element, the look-alike email flagged with
// its domain in punycode.
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "@db/schema/index.ts";
import { EnrollmentsPage } from "~/features/enrollments/components/enrollments-page.tsx";
import { streamEnrollmentsCsv } from "~/features/enrollments/enrollments-admin.server.ts";
import { listEmailLog } from "~/features/emails/email-log.server.ts";
import { MessagesPage } from "~/features/messages/components/messages-page.tsx";
import { lookupAuditNames, type AuditRowRef } from "~/features/audit/audit-names.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { loader as enrollmentsLoader } from "~/routes/admin/enrollments.tsx";
import { loader as messagesLoader } from "~/routes/admin/messages.tsx";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeEnrollment, makeMessage } from "../setup/factories.ts";
import { i18n } from "../setup/i18n.ts";
import { callLoader } from "../setup/route-call.ts";

const SPOOFED_NAME = "Ali Hassan \u202Egnp.exe";
const SHOWN_NAME = "Ali Hassan gnp.exe";
const LOOKALIKE = "admin@ex\u0430mple.com";
const PUNYCODE = "admin@xn--exmple-4nf.com";
/** Embeddings, overrides and isolates a visitor could type (our own phone isolates in the CSV aside). */
const OVERRIDES = /[\u202A-\u202E]/;

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin({ ip: "203.0.113.7" });
});

/** A page as the server renders it at `url`, in `lang`. */
async function render(url: string, lang: Locale, page: () => ReactElement): Promise<string> {
  await i18n.changeLanguage(lang);
  const path = new URL(url, "http://localhost").pathname;
  const Stub = createRoutesStub([{ id: "page", path, Component: page }]);
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(Stub, { initialEntries: [url] })));
}

/** Checks the rendered HTML the way staff would read it. */
function expectSafe(html: string, lang: Locale): void {
  expect(html).not.toMatch(OVERRIDES);
  expect(html).toContain(SHOWN_NAME);
  // The look-alike is never shown as typed (the mailto: link keeps the address the visitor gave): its
  // domain is in punycode, flagged in the page's language.
  const text = html.replace(/<[^>]*>/g, "");
  expect(text).not.toContain("ex\u0430mple");
  expect(text).toContain(PUNYCODE);
  const label = i18n.getFixedT(lang)("admin.mixedScript.label");
  expect(html).toContain(`aria-label="${label}"`);
  // Each name sits alone in an element that takes its own direction.
  expect(html).toMatch(new RegExp(`<(?:span|p|bdi)[^>]*dir="auto"[^>]*>${SHOWN_NAME}</`));
}

describe("a stored name with U+202E and a look-alike email", () => {
  it("reach the enrollments list, details, reject confirmation and CSV without controls, the email flagged", async () => {
    const row = await makeEnrollment({ studentName: SPOOFED_NAME, studentEmail: LOOKALIKE, message: "\u202Eplease call me" });

    const list = (await callLoader(enrollmentsLoader, { url: "/admin/enrollments", actor: admin })).data!;
    expect(list.list.rows[0]).toMatchObject({ studentName: SHOWN_NAME, studentEmail: LOOKALIKE, message: "please call me" });
    const detailsUrl = `/admin/enrollments?dialog=details&enrollment=${row.id}`;
    const withDetails = (await callLoader(enrollmentsLoader, { url: detailsUrl, actor: admin })).data!;
    expect(withDetails.details).toMatchObject({ studentName: SHOWN_NAME });

    for (const lang of ["en", "ar"] as const) {
      const props = { ...withDetails, locale: lang, actionData: undefined };
      const html = await render(detailsUrl, lang, () => createElement(EnrollmentsPage, props));
      expectSafe(html, lang);
      // Table row and details: the flag beside the address each time.
      expect(html.match(/data-mixed-script/g)?.length).toBeGreaterThanOrEqual(2);
      const rejectUrl = `/admin/enrollments?dialog=reject&enrollment=${row.id}`;
      const reject = await render(rejectUrl, lang, () => createElement(EnrollmentsPage, props));
      expectSafe(reject, lang);
      // The confirmation names the address the email goes to: flagged there too (beside the table's).
      expect(reject.match(/data-mixed-script/g)).toHaveLength(2);
    }

    const csv = await new Response(await streamEnrollmentsCsv(admin, {}, { locale: "en" })).text();
    expect(csv).not.toMatch(OVERRIDES);
    expect(csv).toContain(`${SHOWN_NAME},${PUNYCODE},`);
  });

  it("reach the messages list and dialog without controls, the email flagged", async () => {
    const message = await makeMessage({ name: SPOOFED_NAME, email: LOOKALIKE, message: "Hello\u202E olleh" });
    const url = `/admin/messages?dialog=view&message=${message.id}`;
    const inbox = (await callLoader(messagesLoader, { url, actor: admin })).data!.inbox;
    expect(inbox.messages[0]).toMatchObject({ name: SHOWN_NAME, email: LOOKALIKE, message: "Hello olleh" });
    expect(inbox.selected).toMatchObject({ name: SHOWN_NAME });
    // The reply greets the visitor by the cleaned name.
    expect(decodeURIComponent(inbox.selected!.replyHref)).not.toMatch(OVERRIDES);

    for (const lang of ["en", "ar"] as const) {
      const html = await render(url, lang, () => createElement(MessagesPage, { inbox, locale: lang, actionData: undefined }));
      expectSafe(html, lang);
      expect(html.match(/data-mixed-script/g)?.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("reach the email log and the audit names without controls, the recipient in punycode", async () => {
    const [queued] = await database.db
      .insert(emailOutbox)
      .values({ kind: "contact-notification", toAddress: LOOKALIKE, subject: `New contact message from ${SPOOFED_NAME}`, textBody: "-", htmlBody: "-" })
      .returning({ id: emailOutbox.id });
    const log = await listEmailLog(admin, {});
    expect(log.emails[0]).toMatchObject({ to: LOOKALIKE, subject: `New contact message from ${SHOWN_NAME}` });

    const enrollment = await makeEnrollment({ studentName: SPOOFED_NAME });
    const message = await makeMessage({ name: SPOOFED_NAME });
    const rows: AuditRowRef[] = [
      { actorId: null, entity: "enrollment", entityId: enrollment.id, details: null },
      { actorId: null, entity: "message", entityId: message.id, details: null },
      { actorId: null, entity: "email", entityId: queued!.id, details: null },
    ];
    const names = await lookupAuditNames(rows);
    expect(rows.map((row) => names.subjectOf(row)?.name)).toEqual([SHOWN_NAME, SHOWN_NAME, PUNYCODE]);
  });
});
