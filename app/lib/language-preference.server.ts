// The saved language of staff and instructors (D19 revised). Their pages have one URL for both languages;
// the `lng` cookie says which one the browser shows, and the profile keeps the choice for their emails and
// for their next sign-in on another device.
import { eq } from "drizzle-orm";
import { instructorAccounts, user } from "@db/schema/index.ts";
import { db, type Executor } from "./db.server.ts";
import { isLocale, type Locale } from "./i18n.ts";
import { logger } from "./logger.server.ts";
import { rememberedLocale } from "./locale-cookie.server.ts";

export async function staffLocale(executor: Executor, userId: string): Promise<Locale | null> {
  const [row] = await executor.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
  return isLocale(row?.locale) ? row.locale : null;
}

/** The saved language of the staff member with this email address, if there is one (notification inbox). */
export async function staffLocaleByEmail(executor: Executor, email: string): Promise<Locale | null> {
  const [row] = await executor.select({ locale: user.locale }).from(user).where(eq(user.email, email.toLowerCase()));
  return isLocale(row?.locale) ? row.locale : null;
}

/**
 * The language of a notification to the provider's inbox: the saved language of the staff account with that
 * address, else the language the visitor wrote in.
 */
export async function notificationLocale(executor: Executor, inbox: string, visitorLocale: Locale): Promise<Locale> {
  return (await staffLocaleByEmail(executor, inbox)) ?? visitorLocale;
}

export async function instructorLocale(executor: Executor, accountId: string): Promise<Locale | null> {
  const [row] = await executor
    .select({ locale: instructorAccounts.locale })
    .from(instructorAccounts)
    .where(eq(instructorAccounts.id, accountId));
  return isLocale(row?.locale) ? row.locale : null;
}

/**
 * The language a staff member or instructor continues in after signing in. A language chosen on this
 * browser (the `lng` cookie) is the latest choice and becomes the saved one; otherwise the saved
 * preference wins over the browser's languages; someone with neither keeps the page's language, saved.
 */
export async function languageAfterSignIn(
  request: Request,
  pageLocale: Locale,
  who: { userId: string } | { instructorAccountId: string },
): Promise<Locale> {
  const chosen = await rememberedLocale(request);
  try {
    const saved =
      "userId" in who ? await staffLocale(db(), who.userId) : await instructorLocale(db(), who.instructorAccountId);
    const locale = chosen ?? saved ?? pageLocale;
    if (locale !== saved) {
      if ("userId" in who) await db().update(user).set({ locale }).where(eq(user.id, who.userId));
      else await db().update(instructorAccounts).set({ locale }).where(eq(instructorAccounts.id, who.instructorAccountId));
    }
    return locale;
  } catch (err) {
    logger.warn({ err }, "could not read or save the language preference at sign-in");
    return chosen ?? pageLocale;
  }
}
