// Students' sign-in by emailed link (issue 38 item 1, ADR 035): a better-auth instance of its own, beside
// the staff one (better-auth.server.ts), with its own tables (db/schema/students.ts), its own cookie and
// its own key, so a student session can never be read as a staff one. Its only way in is better-auth's
// magic-link plugin: single-use links (consumed atomically), stored hashed, valid 15 minutes; sessions of
// up to 30 days, renewed daily while used, each revocable. Its HTTP handler is not mounted: our routes call
// `api.signInMagicLink`, `api.magicLinkVerify`, `api.getSession` and `api.signOut` (their own forms, limits
// and answers in both languages).
import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import * as schema from "@db/schema/index.ts";
import { db, type Db } from "./db.server.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { purposeKey } from "./secret.server.ts";

const DAY = 60 * 60 * 24;

/** A sign-in link works once, for this long. */
export const STUDENT_LINK_SECONDS = 15 * 60;
/** A student session's longest life without use; each day of use renews it. */
export const STUDENT_SESSION_SECONDS = 30 * DAY;
/** The session cookie's prefix (better-auth adds ".session_token"); the staff cookie keeps better-auth's own. */
export const STUDENT_COOKIE_PREFIX = "na-student";

/** What the magic-link plugin hands the sender: the address typed, the link's token, what the form passed. */
export interface StudentLinkRequest {
  email: string;
  token: string;
  metadata?: Record<string, unknown>;
}

export type SendStudentLink = (request: StudentLinkRequest) => Promise<void>;

function configure(database: Db, send: SendStudentLink) {
  return betterAuth({
    appName: "Course Academy (students)",
    // A key of its own, derived from the server secret: a staff cookie never verifies here, nor the reverse.
    secret: purposeKey("student-auth/v1").toString("base64url"),
    baseURL: env().PUBLIC_URL,
    basePath: "/api/student-auth",
    database: drizzleAdapter(database, { provider: "pg", schema }),
    user: { modelName: "student" },
    session: { modelName: "studentSession", expiresIn: STUDENT_SESSION_SECONDS, updateAge: DAY },
    verification: { modelName: "studentVerification", storeIdentifier: "hashed" },
    emailAndPassword: { enabled: false },
    // Each new session is a sign-in: kept on the student for staff to see (the session itself may end).
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await database.update(schema.student).set({ lastSignInAt: new Date() }).where(eq(schema.student.id, session.userId));
          },
        },
      },
    },
    advanced: { cookiePrefix: STUDENT_COOKIE_PREFIX, database: { generateId: () => crypto.randomUUID() } },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const err = args.find((a: unknown): a is Error => a instanceof Error);
        logger[level]({ component: "student-auth", ...(err ? { err } : {}) }, message);
      },
    },
    plugins: [magicLink({ expiresIn: STUDENT_LINK_SECONDS, storeToken: "hashed", sendMagicLink: ({ email, token, metadata }) => send({ email, token, metadata }) })],
  });
}

export type StudentAuth = ReturnType<typeof configure>;

let sender: SendStudentLink | undefined;
const instances = new WeakMap<Db, StudentAuth>();

/** Who sends the sign-in email (set once by the feature that writes it: the outbox, in the student's language). */
export function setStudentLinkSender(send: SendStudentLink): void {
  sender = send;
}

/** The instance on the current database (one per database: tests swap databases). */
export function studentAuth(): StudentAuth {
  const database = db();
  let auth = instances.get(database);
  if (!auth) {
    auth = configure(database, (request) => {
      if (!sender) throw new Error("No sender for students' sign-in links (setStudentLinkSender)");
      return sender(request);
    });
    instances.set(database, auth);
  }
  return auth;
}
