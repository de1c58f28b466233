// Instructor sessions (SPEC §3/§4 instructor session, D7). A random token travels in an HTTP-only,
// SameSite=Lax cookie of its own (Secure when the site is served over HTTPS, as better-auth decides for
// the staff cookies); only its SHA-256 is stored. A session ends at the earlier of 7 days after sign-in
// and the account's expiry, and every instructor request checks it on the server: an expired session
// (or account) is deleted and the request goes to /instructor-login.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { instructorAccounts, instructorSessions } from "@db/schema/index.ts";
import { db, type Executor } from "./db.server.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";

/** SPEC §9: an instructor session lasts 7 days at most. */
export const INSTRUCTOR_SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

export const INSTRUCTOR_LOGIN_PATH = "/instructor-login";
export const INSTRUCTOR_DASHBOARD_PATH = "/instructor-dashboard";

const COOKIE_NAME = "ca_instructor";
/** Over HTTPS the `__Host-` prefix pins the cookie to this host, path / and Secure. */
const SECURE_COOKIE_NAME = `__Host-${COOKIE_NAME}`;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface InstructorSession {
  sessionId: string;
  accountId: string;
  instructorId: string;
  email: string;
  /** When this session ends (the earlier of 7 days after sign-in and the account expiry). */
  expiresAt: Date;
  /** When the session began (the warning banner measures the whole window from here). */
  createdAt: Date;
  accountExpiresAt: Date;
}

/** SPEC §4 / D7: the earlier of 7 days from now and the account's expiry. */
export function sessionExpiry(accountExpiresAt: Date, now: Date = new Date()): Date {
  return new Date(Math.min(now.getTime() + INSTRUCTOR_SESSION_MAX_MS, accountExpiresAt.getTime()));
}

export function hashSessionToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** Starts a session for the account (inside the caller's transaction); the token goes in the cookie only. */
export async function createInstructorSession(
  tx: Executor,
  account: { id: string; expiresAt: Date },
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = sessionExpiry(account.expiresAt, now);
  await tx.insert(instructorSessions).values({ tokenHash: hashSessionToken(token), accountId: account.id, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** HTTPS when the request came over it, or when the site's public address is https (as behind a proxy). */
export function isSecureRequest(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  try {
    return env().PUBLIC_URL.startsWith("https://");
  } catch {
    return false;
  }
}

/** The Set-Cookie value carrying a new session's token until the session's own expiry. */
export function sessionCookie(request: Request, token: string, expiresAt: Date, now: Date = new Date()): string {
  const secure = isSecureRequest(request);
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return [
    `${secure ? SECURE_COOKIE_NAME : COOKIE_NAME}=${token}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    `Expires=${expiresAt.toUTCString()}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie values that remove the session cookie (under either name). */
export function clearedSessionCookies(request: Request): string[] {
  const secure = isSecureRequest(request);
  const gone = "Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax";
  return [
    `${COOKIE_NAME}=; ${gone}${secure ? "; Secure" : ""}`,
    ...(secure ? [`${SECURE_COOKIE_NAME}=; ${gone}; Secure`] : []),
  ];
}

export function clearSessionHeaders(request: Request, headers: Headers = new Headers()): Headers {
  for (const cookie of clearedSessionCookies(request)) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The session token the request carries, if it is well formed. */
export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const found = new Map<string, string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    found.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const token = found.get(SECURE_COOKIE_NAME) ?? found.get(COOKIE_NAME);
  return token && TOKEN_RE.test(token) ? token : null;
}

export interface SessionLookup {
  session: InstructorSession | null;
  /** The request carried a session cookie that no longer works (unknown, expired): clear it. */
  stale: boolean;
  /** The session was found past its time (not switched off): when and why it ended. */
  ended?: SessionEnd;
}

/**
 * The instructor session of this request. Expired sessions — the session's own time, the account's
 * expiry, or a switched-off account — are deleted on the spot.
 */
export async function getInstructorSession(request: Request, now: Date = new Date()): Promise<SessionLookup> {
  const token = readSessionToken(request);
  if (!token) return { session: null, stale: /(?:^|;\s*)(?:__Host-)?ca_instructor=/.test(request.headers.get("cookie") ?? "") };
  const [row] = await db()
    .select({
      sessionId: instructorSessions.id,
      accountId: instructorSessions.accountId,
      expiresAt: instructorSessions.expiresAt,
      createdAt: instructorSessions.createdAt,
      instructorId: instructorAccounts.instructorId,
      email: instructorAccounts.email,
      accountExpiresAt: instructorAccounts.expiresAt,
      isActive: instructorAccounts.isActive,
    })
    .from(instructorSessions)
    .innerJoin(instructorAccounts, eq(instructorAccounts.id, instructorSessions.accountId))
    .where(eq(instructorSessions.tokenHash, hashSessionToken(token)));
  if (!row) return { session: null, stale: true };
  const t = now.getTime();
  if (row.expiresAt.getTime() <= t || row.accountExpiresAt.getTime() <= t || !row.isActive) {
    await db().delete(instructorSessions).where(eq(instructorSessions.id, row.sessionId));
    logger.info({ instructorId: row.instructorId }, "instructor session expired");
    if (!row.isActive) return { session: null, stale: true };
    const end = new Date(Math.min(row.expiresAt.getTime(), row.accountExpiresAt.getTime()));
    return { session: null, stale: true, ended: { reason: sessionEndReason(row), at: end } };
  }
  const { isActive, ...session } = row;
  void isActive;
  return { session, stale: false };
}

/**
 * The instructor area's guard: a valid session, or a redirect to /instructor-login that clears the cookie
 * (and, for a session found past its time, records when and why it ended).
 */
export async function requireInstructorSession(request: Request, now: Date = new Date()): Promise<InstructorSession> {
  const { session, stale, ended } = await getInstructorSession(request, now);
  if (session) return session;
  const headers = stale ? clearSessionHeaders(request) : undefined;
  // Found expired: the login page will say when and why (issue 36 item 11).
  if (headers && ended) headers.append("Set-Cookie", sessionEndCookie(request, ended, now));
  throw redirect(INSTRUCTOR_LOGIN_PATH, { headers });
}

// ---- why a session ended (issue 36 item 11) -----------------------------------------------------------
// Beside the session cookie, a second HTTP-only cookie says when and why the session will end: a reason
// code ("account": the account's expiry; "session": the 7-day limit) and the time, nothing personal. It
// outlives the session by a week, so the login page can say "Your access ended at 07:24" after the
// automatic sign-out and after a reload of an expired page, when the session cookie itself is gone. The
// login page reads it once and clears it; signing out clears it too.

const END_COOKIE = "ca_instructor_end";
const END_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export type SessionEndReason = "account" | "session";

export interface SessionEnd {
  reason: SessionEndReason;
  at: Date;
}

/** The account's expiry ends this session, or the 7-day limit does. */
export function sessionEndReason(session: { expiresAt: Date; accountExpiresAt: Date }): SessionEndReason {
  return session.accountExpiresAt.getTime() <= session.expiresAt.getTime() ? "account" : "session";
}

/** How long the login page keeps saying why access ended once it has said it (a reload, a language switch). */
export const END_SHOWN_KEPT_MS = 60 * 60 * 1000;

/**
 * The Set-Cookie value recording when and why a session ends: kept a week past the end, or `keptFor` from
 * now once the login page has said it.
 */
export function sessionEndCookie(request: Request, end: SessionEnd, now: Date = new Date(), keptFor?: number): string {
  const seconds = Math.floor(end.at.getTime() / 1000);
  const until = keptFor === undefined ? end.at.getTime() + END_KEPT_MS : now.getTime() + keptFor;
  const maxAge = Math.max(0, Math.floor((until - now.getTime()) / 1000));
  return [`${END_COOKIE}=${end.reason}.${seconds}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax", ...(isSecureRequest(request) ? ["Secure"] : [])].join(
    "; ",
  );
}

export function clearedSessionEndCookie(request: Request): string {
  return `${END_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`;
}

/** The recorded end, if the request carries a well-formed one (anything else is ignored). */
export function readSessionEnd(request: Request): SessionEnd | null {
  const match = /(?:^|;\s*)ca_instructor_end=(account|session)\.(\d{1,12})(?:;|$)/.exec(request.headers.get("cookie") ?? "");
  if (!match) return null;
  return { reason: match[1] as SessionEndReason, at: new Date(Number(match[2]) * 1000) };
}

/**
 * The session and end cookies sent again with the session's current expiry: an account extended by the
 * admin (issue 36 item 13) keeps its session, and the browser must keep the cookie as long.
 */
export function refreshedSessionHeaders(request: Request, session: InstructorSession, now: Date = new Date()): Headers {
  const headers = new Headers();
  const token = readSessionToken(request);
  if (!token) return headers;
  headers.append("Set-Cookie", sessionCookie(request, token, session.expiresAt, now));
  headers.append("Set-Cookie", sessionEndCookie(request, { reason: sessionEndReason(session), at: session.expiresAt }, now));
  return headers;
}

/** Sign out: the session row is deleted and the cookie cleared. */
export async function endInstructorSession(request: Request): Promise<Headers> {
  const token = readSessionToken(request);
  if (token) await db().delete(instructorSessions).where(eq(instructorSessions.tokenHash, hashSessionToken(token)));
  const headers = clearSessionHeaders(request);
  // Signed out on purpose: the login page has no "your access ended" to say.
  headers.append("Set-Cookie", clearedSessionEndCookie(request));
  return headers;
}
