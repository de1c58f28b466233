// Students' own sign-in (issue 38 item 1): a second better-auth instance with tables of its own, so a
// student is never a staff user by construction (app/lib/student-auth.server.ts). A student is an email
// address that made requests; sessions last up to 30 days and can be revoked; the sign-in links are
// single-use and stored hashed. Column set: better-auth's user, session and verification models.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
