// The saved language of staff and instructors (D19 revised). Their pages have one URL for both languages;
// the `lng` cookie says which one the browser shows, and the profile keeps the choice for their emails and
// for their next sign-in on another device.
import { eq } from "drizzle-orm";
import { instructorAccounts, user } from "@db/schema/index.ts";
import { db, type Executor } from "./db.server.ts";
import { isLocale, type Locale } from "./i18n.ts";
import { getInstructorSession } from "./instructor-session.server.ts";
import { logger } from "./logger.server.ts";
import { getActor } from "./staff-session.server.ts";

/** Saves the language on the profile of whoever is signed in on this request (staff or instructor). */
export async function saveLanguagePreference(request: Request, locale: Locale): Promise<void> {
  try {
    const actor = await getActor(request);
    if (actor) {
      await db().update(user).set({ locale }).where(eq(user.id, actor.id));
      return;
    }
    const { session } = await getInstructorSession(request);
    if (session) await db().update(instructorAccounts).set({ locale }).where(eq(instructorAccounts.id, session.accountId));
  } catch (err) {
    // The page still switches language (the cookie); only the saved copy is missing.
    logger.warn({ err }, "could not save the language preference");
  }
}

export async function staffLocale(executor: Executor, userId: string): Promise<Locale | null> {
  const [row] = await executor.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
  return isLocale(row?.locale) ? row.locale : null;
}

/** The saved language of the staff member with this email address, if there is one (notification inbox). */
export async function staffLocaleByEmail(executor: Executor, email: string): Promise<Locale | null> {
  const [row] = await executor.select({ locale: user.locale }).from(user).where(eq(user.email, email.toLowerCase()));
  return isLocale(row?.locale) ? row.locale : null;
}

export async function instructorLocale(executor: Executor, accountId: string): Promise<Locale | null> {
  const [row] = await executor
    .select({ locale: instructorAccounts.locale })
    .from(instructorAccounts)
    .where(eq(instructorAccounts.id, accountId));
  return isLocale(row?.locale) ? row.locale : null;
}
