// The student area's sign-in (issue 38 item 1) on PGlite and PostgreSQL (TEST_DB=pg): "Email me a sign-in
// link" answers the same for an address with requests and one without (only the first gets an email);
// the link's page only shows a button (opening it spends nothing); its post signs in once, within 15
// minutes, and a spent or expired link signs nobody in; the session lists that email's requests (any
// case, newest first) and nobody else's; signing out ends it; the per-email limit holds.
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { seedDefaults } from "@db/seed/demo.ts";
import { emailOutbox, studentSession, studentVerification } from "@db/schema/index.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { action as myAction, loader as myLoader } from "~/routes/site/my.tsx";
import { action as verifyAction, loader as verifyLoader } from "~/routes/site/my-verify.tsx";
import { loader as enrollmentLoader } from "~/routes/site/enrollment.tsx";
import { STUDENT_LINK_MIN_MS } from "~/features/students/student-sign-in.server.ts";
import { loader as adminEnrollmentsLoader } from "~/routes/admin/enrollments.tsx";
import { enrollments } from "@db/schema/index.ts";
import { createAdmin } from "../setup/actors.ts";
import { enrollmentPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse } from "../setup/factories.ts";
import { BASE_URL, callAction, callLoader, contextFor } from "../setup/route-call.ts";

const database = setUpTestDatabase();
let courseId: string;
let otherCourse: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  await resetRateLimits();
  courseId = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800 })).id;
  otherCourse = (await makeCourse({ title: "Graphic Design", slug: "graphic-design", isPublished: true })).id;
});

async function request(course: string, email: string, locale: "en" | "ar" = "en") {
  const made = await createEnrollment(
    { courseId: course, studentName: "Salma Hassan", studentEmail: email, countryCode: "+20", phoneNumber: "010 1234 5678", message: "", website: "" },
    { locale },
  );
  return made.enrollmentId;
}

/** A form post from a browser at a client address (and with a cookie). */
function browserPost(lang: "en" | "ar", path: string, form: Record<string, string>, opts: { ip?: string; cookie?: string }) {
  const url = new URL(`/${lang}${path}`, BASE_URL);
  const headers: Record<string, string> = { Origin: url.origin, "Content-Type": "application/x-www-form-urlencoded" };
  if (opts.cookie) headers.Cookie = opts.cookie;
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip: opts.ip ?? "203.0.113.9" });
  return { request: new Request(url, { method: "POST", body: new URLSearchParams(form), headers }), params: { lang }, context };
}

const postMy = (lang: "en" | "ar", form: Record<string, string>, opts: { ip?: string; cookie?: string } = {}) => callAction(myAction, browserPost(lang, "/my", form, opts));
const postVerify = (lang: "en" | "ar", form: Record<string, string>) => callAction(verifyAction, browserPost(lang, "/my/verify", form, {}));

const askLink = (email: string, lang: "en" | "ar" = "en", ip?: string) => postMy(lang, { intent: "sign-in", email, website: "" }, { ip });
const linksTo = async (email: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "student-sign-in"))).filter((m) => m.toAddress === email);
const tokenIn = (text: string, lang: "en" | "ar") => new RegExp(`/${lang}/my/verify\\?token=([A-Za-z0-9]+)`).exec(text)?.[1];

/** The session cookie a confirmed link sets ("name=value"), or undefined. */
function sessionCookie(res: { response?: Response }): string | undefined {
  const set = res.response?.headers.getSetCookie() ?? [];
  return set.map((c) => c.split(";")[0]!).find((c) => c.startsWith("na-student.session_token="));
}

const myPage = (lang: "en" | "ar", cookie?: string) => callLoader(myLoader, { url: `/${lang}/my`, params: { lang }, headers: cookie ? { Cookie: cookie } : {} });

describe("signing in to the student area", () => {
  it("answers the same for a known and an unknown address; only the known one gets the link, in the page's language", async () => {
    const reference = await request(courseId, "Salma.Hassan@Example.com");
    const known = await askLink("salma.hassan@example.com", "ar");
    const started = Date.now();
    const unknown = await askLink("nobody-here@example.com", "ar", "203.0.113.10");
    // Not sooner than a known address's answer could be: the time says nothing either.
    expect(Date.now() - started).toBeGreaterThanOrEqual(STUDENT_LINK_MIN_MS);
    for (const res of [known, unknown]) {
      expect(res.status).toBe(303);
      expect(res.response!.headers.get("Location")).toBe("/ar/my?sent=1");
    }
    expect(await linksTo("nobody-here@example.com")).toHaveLength(0);
    const [mail] = await linksTo("salma.hassan@example.com");
    expect(mail!.subject).toMatch(/رابط الدخول/);
    expect(mail!.textBody).not.toMatch(/[٠-٩]/);
    expect(tokenIn(mail!.textBody, "ar")).toMatch(/^[A-Za-z0-9]{32}$/);
    // The token is stored hashed: the link's value appears nowhere in the table.
    const stored = await database.db.select().from(studentVerification);
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(tokenIn(mail!.textBody, "ar")!);
    expect(reference).toMatch(/^ENR-/);
  });

  it("signs in once from the link's button, never from opening it; the session lists that email's requests, newest first", async () => {
    const first = await request(courseId, "Salma.Hassan@Example.com");
    const second = await request(otherCourse, "salma.hassan@example.com", "ar");
    await request(courseId, "someone.else@example.com");
    const admin = await createAdmin();
    const [row] = await database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.enrollmentId, first));
    const staffSees = async () =>
      (await callLoader(adminEnrollmentsLoader, { url: `/admin/enrollments?dialog=details&enrollment=${row!.id}`, actor: admin })).data!.details!.studentLastSignInAt;
    expect(await staffSees()).toBeNull();
    // The request's own page, for staff to open or send (in the student's language).
    const details = (await callLoader(adminEnrollmentsLoader, { url: `/admin/enrollments?dialog=details&enrollment=${row!.id}`, actor: admin })).data!.details!;
    expect(details.studentPage).toBe(enrollmentPagePath("en", first));
    await askLink("SALMA.HASSAN@example.com");
    const token = tokenIn((await linksTo("salma.hassan@example.com"))[0]!.textBody, "en")!;

    // Opening the link (as a mail scanner would) shows the button and spends nothing.
    const opened = await callLoader(verifyLoader, { url: `/en/my/verify?token=${token}`, params: { lang: "en" } });
    expect(opened.data).toMatchObject({ token, expired: false });
    const signedIn = await postVerify("en", { token });
    expect(signedIn.status).toBe(303);
    expect(signedIn.response!.headers.get("Location")).toBe("/en/my");
    const cookie = sessionCookie(signedIn);
    expect(cookie).toBeDefined();
    // Staff see on the request's details when its student last signed in.
    expect((await staffSees())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(signedIn.response!.headers.getSetCookie().join(";")).toMatch(/HttpOnly/i);

    const page = await myPage("en", cookie);
    expect(page.data!.student!.email).toBe("salma.hassan@example.com");
    expect(page.data!.student!.requests.map((r) => r.reference)).toEqual([second, first]);
    expect(page.data!.student!.requests[0]).toMatchObject({ courseName: "Graphic Design", status: "pending", statusLabel: "Under review" });
    expect(page.data!.student!.requests[1]!.href).toMatch(new RegExp(`^/en/enrollment/${first}\\?t=[A-Za-z0-9_-]{22}$`));
    // Without the cookie: the sign-in form, nothing of hers.
    expect((await myPage("en")).data!.student).toBeNull();

    // The same link again: spent.
    const again = await postVerify("en", { token });
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ expired: true });
    expect(sessionCookie(again)).toBeUndefined();

    // Signing out ends the session: the cookie opens nothing any more.
    const out = await postMy("en", { intent: "sign-out" }, { cookie });
    expect(out.status).toBe(303);
    expect((await database.db.select().from(studentSession)).length).toBe(0);
    expect((await myPage("en", cookie)).data!.student).toBeNull();
  });

  it("refuses a link older than 15 minutes, a made-up one, and a fourth link to one address within the hour", async () => {
    await request(courseId, "late@example.com");
    await askLink("late@example.com");
    const token = tokenIn((await linksTo("late@example.com"))[0]!.textBody, "en")!;
    await database.db.update(studentVerification).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await postVerify("en", { token })).data).toEqual({ expired: true });
    expect((await postVerify("en", { token: "A".repeat(32) })).data).toEqual({ expired: true });
    expect((await callLoader(verifyLoader, { url: "/en/my/verify?token=<script>", params: { lang: "en" } })).data).toMatchObject({ token: "", expired: true });

    // Per address: three links an hour (one sent above), whatever the client address; then the form's refusal.
    expect((await askLink("late@example.com", "en", "198.51.100.1")).status).toBe(303);
    expect((await askLink("late@example.com", "en", "198.51.100.2")).status).toBe(303);
    const refused = await askLink("late@example.com", "en", "198.51.100.3");
    expect(refused.status).toBe(429);
    expect(refused.data?.messageKey).toBe("my.signIn.errors.tooManyRequests");
    expect(await linksTo("late@example.com")).toHaveLength(3);
    // A bad address is refused beside its field; nothing is sent.
    const bad = await askLink("not-an-email", "en", "198.51.100.4");
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error?.email).toEqual(["my.signIn.errors.emailInvalid"]);
  });

  it("a request's own link signs its student in too, without replacing a session the browser already has", async () => {
    const reference = await request(courseId, "Nour.Ali@example.com", "ar");
    const other = await request(otherCourse, "karim@example.com");
    const open = (ref: string, cookie?: string) =>
      callLoader(enrollmentLoader, { url: enrollmentPagePath("ar", ref), params: { lang: "ar", reference: ref }, headers: cookie ? { Cookie: cookie } : {} });
    const first = await open(reference);
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith("na-student.session_token="));
    expect(cookie).toBeDefined();
    expect((await myPage("ar", cookie)).data!.student).toMatchObject({ email: "nour.ali@example.com", requests: [{ reference }] });
    // Signed in already: no new session, even from another request's link.
    expect((await open(reference, cookie)).headers.getSetCookie()).toEqual([]);
    expect((await open(other, cookie)).headers.getSetCookie()).toEqual([]);
    expect((await myPage("ar", cookie)).data!.student!.email).toBe("nour.ali@example.com");
    // No link was emailed for it, and a wrong token signs nobody in.
    expect(await linksTo("nour.ali@example.com")).toHaveLength(0);
    const wrong = await callLoader(enrollmentLoader, { url: `/ar/enrollment/${reference}?t=${"A".repeat(22)}`, params: { lang: "ar", reference } });
    expect(wrong.status).toBe(404);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });
});
