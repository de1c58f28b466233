// Students' own sign-in (issue 38 item 1): a second better-auth instance with tables of its own, so a
// student is never a staff user by construction (app/lib/student-auth.server.ts). A student is an email
// address that made requests; sessions last up to 30 days and can be revoked; the sign-in links are
// single-use and stored hashed. Column set: better-auth's user, session and verification models.
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const student = pgTable(
  "student",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().default(""),
    /** Lower case, as better-auth stores it; the requests are matched on lower(student_email). */
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** When a session last began (a sign-in link spent); staff see it on the request's details. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    // The profile (issue 38 item 5): the name as it should appear on a certificate, in each language; a
    // phone; the language emails come in (null: as each request was made); email reminders on or off.
    nameEn: text("name_en"),
    nameAr: text("name_ar"),
    phone: text("phone"),
    locale: text("locale"),
    reminders: boolean("reminders").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [
    check("student_text_len", sql`char_length(${t.email}) <= 254 and char_length(${t.name}) <= 200 and coalesce(char_length(${t.image}), 0) <= 500`),
    check(
      "student_profile_check",
      sql`coalesce(char_length(${t.nameEn}), 0) <= 120 and coalesce(char_length(${t.nameAr}), 0) <= 120 and coalesce(char_length(${t.phone}), 0) <= 16 and (${t.locale} is null or ${t.locale} in ('en', 'ar'))`,
    ),
  ],
);

export const studentSession = pgTable(
  "student_session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** better-auth's session.userId: the student. */
    userId: text("student_id")
      .notNull()
      .references(() => student.id, { onDelete: "cascade" }),
  },
  (t) => [index("student_session_student_idx").on(t.userId)],
);

export const studentVerification = pgTable(
  "student_verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("student_verification_identifier_idx").on(t.identifier)],
);

/**
 * Requests about a person's data (issue 38 item 6): today "erase", made from the student area and
 * confirmed by an admin. The email is kept only while the request waits; once done, only its keyed hash
 * remains (to answer "did you erase my data?" without keeping the address). One waiting request per email.
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull().default("erase"),
    status: text("status").notNull().default("pending"),
    /** Lower case; null once done. */
    email: text("email"),
    /** HMAC-SHA-256 of the lower-case email under a key of this purpose (hex). */
    emailHash: text("email_hash").notNull(),
    locale: text("locale").notNull().default("en"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).defaultNow().notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by"),
    /** What was erased: counts per kind of record. */
    summary: jsonb("summary"),
  },
  (t) => [
    check("data_requests_kind_check", sql`${t.kind} in ('erase')`),
    check("data_requests_status_check", sql`${t.status} in ('pending', 'done')`),
    check("data_requests_email_check", sql`(${t.status} = 'pending') = (${t.email} is not null) and coalesce(char_length(${t.email}), 0) <= 254`),
    uniqueIndex("data_requests_one_pending_idx").on(t.emailHash).where(sql`${t.status} = 'pending'`),
    index("data_requests_requested_idx").on(t.requestedAt.desc()),
  ],
);
