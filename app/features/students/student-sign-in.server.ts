// Students' sign-in (issue 38 item 1): "Email me a sign-in link" on /{lang}/my, the link's confirmation,
// the session and signing out, over the students' better-auth instance (app/lib/student-auth.server.ts).
// Nobody learns from the answer whether an address has requests: the form always says a link is on its way
// if there is one; the email only goes to an address that made a request (no account exists otherwise).
import { sql } from "drizzle-orm";
import { enrollments } from "@db/schema/index.ts";
import { renderStudentSignInEmail } from "~/emails/student-sign-in.ts";
import { db } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import { env } from "~/lib/env.server.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import { logger } from "~/lib/logger.server.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";
import { setStudentLinkSender, STUDENT_LINK_SECONDS, studentAuth, type StudentLinkRequest } from "~/lib/student-auth.server.ts";
import type { StudentSignInInput } from "./student-sign-in.schema.ts";

export const STUDENT_SIGN_IN_KIND = "student-sign-in";

/** The confirmation page a sign-in link opens (a GET never signs in: mail scanners open links too). */
export function studentVerifyPath(locale: Locale, token: string): string {
  return `${localePath(locale, "/my/verify")}?token=${encodeURIComponent(token)}`;
}

/** Whether any request was made with this address (any case). */
async function hasRequests(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ one: sql<number>`1` })
    .from(enrollments)
    .where(sql`lower(${enrollments.studentEmail}) = lower(${email})`)
    .limit(1);
  return Boolean(row);
}

/** Links made to be spent at once by the server (a request's own link signs its student in), by nonce. */
const kept = new Map<string, string>();

async function sendLink({ email, token, metadata }: StudentLinkRequest): Promise<void> {
  if (typeof metadata?.keep === "string") {
    kept.set(metadata.keep, token);
    return;
  }
  if (!(await hasRequests(email))) return;
  const locale: Locale = isLocale(metadata?.locale) ? metadata.locale : "en";
  const queued = await db().transaction(async (tx) => {
    const mail = await loadMailContext(tx);
    const rendered = renderStudentSignInEmail({
      t: emailT(locale),
      locale,
      brand: mail.brandName(locale),
      url: new URL(studentVerifyPath(locale, token), env().PUBLIC_URL).toString(),
      minutes: STUDENT_LINK_SECONDS / 60,
    });
    return enqueueEmail(tx, { kind: STUDENT_SIGN_IN_KIND, to: email, ...rendered });
  });
  logger.info({ outbox: queued }, "student sign-in link queued");
  await wakeOutbox();
}

setStudentLinkSender(sendLink);

/** Every answer to "Email me a sign-in link" takes at least this long, so its time says nothing either. */
export const STUDENT_LINK_MIN_MS = 250;

/**
 * "Email me a sign-in link": the same answer, after the same minimum time, whatever the address; a failure
 * behind it is logged, not shown (it would tell that the address has requests).
 */
export async function requestStudentLink(input: Pick<StudentSignInInput, "email">, locale: Locale): Promise<{ sent: true }> {
  const started = Date.now();
  try {
    await studentAuth().api.signInMagicLink({ body: { email: input.email.trim().toLowerCase(), metadata: { locale } }, headers: new Headers() });
  } catch (err) {
    logger.error({ err }, "student sign-in link not sent");
  }
  const wait = started + STUDENT_LINK_MIN_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { sent: true };
}

/**
 * The link's token, confirmed by its holder: the session's cookies when it was valid (used once, within
 * its 15 minutes), null otherwise. The student's address and browser are kept on the session (revocable).
 */
export async function confirmStudentLink(token: string, request: Request): Promise<string[] | null> {
  const headers = new Headers();
  for (const name of ["user-agent", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await studentAuth().api.magicLinkVerify({ query: { token, callbackURL: "/", errorCallbackURL: "/?error=1" }, headers, asResponse: true });
  const location = response.headers.get("Location") ?? "";
  const cookies = response.headers.getSetCookie();
  if (location.includes("error=") || cookies.length === 0) return null;
  return cookies;
}

/**
 * A request's own link (issue 37's signed page link) signs its student in too (issue 38 item 1): when the
 * browser has no student session, one for the request's email is made through the same single-use link
 * the email would carry, spent at once. Never replaces a session the browser has (whoever's it is).
 * Returns the cookies to set, or none.
 */
export async function signInFromRequestLink(email: string, request: Request): Promise<string[]> {
  if (await currentStudent(request)) return [];
  const nonce = crypto.randomUUID();
  try {
    await studentAuth().api.signInMagicLink({ body: { email: email.trim().toLowerCase(), metadata: { keep: nonce } }, headers: new Headers() });
    const token = kept.get(nonce);
    return token ? ((await confirmStudentLink(token, request)) ?? []) : [];
  } finally {
    kept.delete(nonce);
  }
}

export interface SignedInStudent {
  id: string;
  email: string;
  sessionId: string;
}

/** The student signed in on this request, or null (no cookie, an ended or revoked session). */
export async function currentStudent(request: Request): Promise<SignedInStudent | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  const found = await studentAuth().api.getSession({ headers: new Headers({ cookie }) });
  return found ? { id: found.user.id, email: found.user.email, sessionId: found.session.id } : null;
}

/** Ends this browser's session: the cookies that clear it. */
export async function signOutStudent(request: Request): Promise<string[]> {
  const response = await studentAuth().api.signOut({ headers: new Headers({ cookie: request.headers.get("cookie") ?? "" }), asResponse: true });
  return response.headers.getSetCookie();
}
