// "Send me my request's link" (issue 37 items 3 and 9) on PGlite and PostgreSQL (TEST_DB=pg): the reference
// and the email a request was made with bring its page's link to that email, in the language of the page
// that asked; any other pair gets the same answer and sends nothing; limits per client address and per
// reference; a malformed reference is refused beside its field.
import { beforeEach, describe, expect, it } from "vitest";
import { seedDefaults } from "@db/seed/demo.ts";
import { emailOutbox } from "@db/schema/index.ts";
import { enrollmentPageUrl } from "~/domain/enrollments/enrollment-link.server.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { env } from "~/lib/env.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { action, loader } from "~/routes/site/enrollment-find.tsx";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse } from "../setup/factories.ts";
import { callAction, callLoader, contextFor } from "../setup/route-call.ts";

const database = setUpTestDatabase();
let reference: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  resetRateLimits();
  await seedDefaults(database.db);
  const course = await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true });
  ({ enrollmentId: reference } = await createEnrollment(
    { courseId: course.id, studentName: "Mona Adel", studentEmail: "Mona.Adel@Example.com", countryCode: "+20", phoneNumber: "010 1234 5678", message: "", website: "" },
    { locale: "en" },
  ));
  await database.db.delete(emailOutbox);
});

function ask(fields: Record<string, string>, opts: { ip?: string; lang?: "en" | "ar" } = {}) {
  const lang = opts.lang ?? "en";
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip: opts.ip ?? "203.0.113.9" });
  return callAction(action, { url: `/${lang}/enrollment`, form: { website: "", ...fields }, params: { lang }, context });
}

const linkMails = async () => (await database.db.select().from(emailOutbox)).filter((m) => m.kind === "enrollment-link");

describe("the request's link, sent again", () => {
  it("goes to the address the request was made with, in the asking page's language, when reference and email match", async () => {
    // Typed as a student might: lower case, spaces, another case of the email.
    const res = await ask({ reference: ` ${reference.toLowerCase()} `, email: "mona.adel@example.com" }, { lang: "ar" });
    expect(res.status).toBe(303);
    expect(res.response!.headers.get("Location")).toBe("/ar/enrollment?sent=1");
    const [mail] = await linkMails();
    expect(mail!.toAddress).toBe("Mona.Adel@Example.com");
    expect(mail!.subject).toContain(reference);
    expect(mail!.subject).toContain("رابط طلبك");
    expect(mail!.textBody).toContain(enrollmentPageUrl(env().PUBLIC_URL, "ar", reference));
    const page = await callLoader(loader, { url: "/ar/enrollment?sent=1", params: { lang: "ar" } });
    expect(page.data?.sent).toBe(true);
  });

  it("answers the same and sends nothing for another email, an unknown reference, or a bot", async () => {
    const answers = await Promise.all([
      ask({ reference, email: "someone.else@example.com" }, { ip: "203.0.113.21" }),
      ask({ reference: "ENR-NOSUCH-REQUEST", email: "mona.adel@example.com" }, { ip: "203.0.113.22" }),
      ask({ reference, email: "mona.adel@example.com", website: "http://spam.example" }, { ip: "203.0.113.23" }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(303);
      expect(res.response!.headers.get("Location")).toBe("/en/enrollment?sent=1");
    }
    expect(await linkMails()).toHaveLength(0);
  });

  it("refuses a malformed reference beside its field (400), keeping what was typed", async () => {
    const res = await ask({ reference: "12345", email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(res.data?.result?.error).toMatchObject({ reference: ["findLink.errors.referenceInvalid"], email: ["findLink.errors.emailInvalid"] });
    expect(res.data?.result?.initialValue).toMatchObject({ reference: "12345" });
  });

  it("sends one request's link at most 3 times an hour, from any addresses; one address may ask 5 times in 10 minutes", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask({ reference, email: "mona.adel@example.com" }, { ip: `198.51.100.${i + 1}` })).status);
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect(await linkMails()).toHaveLength(3);
    resetRateLimits();
    const fromOne = [];
    for (let i = 0; i < 6; i++) fromOne.push((await ask({ reference: `ENR-OTHER-${i}AAAA`, email: "x@example.com" }, { ip: "192.0.2.50" })).status);
    expect(fromOne).toEqual([303, 303, 303, 303, 303, 429]);
  });
});
