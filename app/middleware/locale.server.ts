// Where the language of a request comes from (D19 revised, ADR 010), before anything renders:
// - public pages carry it in the path (`/ar/courses`). An old `?lang=` URL answers 301 to its new address;
//   a public URL without a language decides once (the `lng` cookie, then Accept-Language, then English)
//   and answers 302 to the page in that language. Localized pages never depend on a cookie.
// - staff and instructor pages have one URL; `?lang=` on them sets the preference (cookie and profile) and
//   answers 302 to the same URL without it, so every later link and redirect keeps that language.
import { redirect, type MiddlewareFunction } from "react-router";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { eq } from "drizzle-orm";
import { instructorAccounts, user } from "@db/schema/index.ts";
import { db } from "~/lib/db.server.ts";
import { getInstructorSession } from "~/lib/instructor-session.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import {
  isStaffPath,
  localeFromCookieHeader,
  localeOfPath,
  localePath,
  needsLocalePrefix,
  negotiateLocale,
} from "~/lib/locale-url.ts";
import { localeCookie } from "./i18next.server.ts";

function withoutLang(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("lang");
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

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

/** The header that remembers a chosen language for a year. */
export async function rememberLocale(locale: Locale): Promise<string> {
  return localeCookie.serialize(locale);
}

export const localeRouting: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const hasLang = url.searchParams.has("lang");
  const reading = request.method === "GET" || request.method === "HEAD";

  if (needsLocalePrefix(url.pathname)) {
    if (hasLang && isLocale(lang) && reading) {
      // An old `?lang=` URL (shared links, search results): its permanent new address.
      throw redirect(localePath(lang, withoutLang(url)), 301);
    }
    const locale = negotiateLocale(localeFromCookieHeader(request.headers.get("Cookie")), request.headers.get("Accept-Language"));
    // 308 keeps the method and body of a form posted to an old address; 302 for pages.
    throw redirect(localePath(locale, withoutLang(url)), {
      status: reading ? 302 : 308,
      headers: { Vary: "Cookie, Accept-Language", "Cache-Control": "private, no-store" },
    });
  }

  if (reading && hasLang && localeOfPath(url.pathname)) {
    // `/ar/courses?lang=en`: the path is the language; the parameter names the one wanted.
    const target = isLocale(lang) ? lang : localeOfPath(url.pathname)!;
    throw redirect(localePath(target, withoutLang(url)), 301);
  }

  if (reading && hasLang && isStaffPath(url.pathname)) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (isLocale(lang)) {
      headers.append("Set-Cookie", await rememberLocale(lang));
      await saveLanguagePreference(request, lang);
    }
    throw redirect(withoutLang(url), { headers });
  }

  return next();
};
