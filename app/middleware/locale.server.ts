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
import { rememberedLocale, rememberLocale } from "~/lib/locale-cookie.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import {
  canonicalStaffPath,
  isStaffPath,
  localeOfPath,
  localePath,
  needsLocalePrefix,
  negotiateLocale,
} from "~/lib/locale-url.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";

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


/** Responses that depend on who is signed in: staff and instructor pages (any letter case) and private documents. */
function isPrivatePath(pathname: string): boolean {
  return isStaffPath(pathname) || /^\/files\/documents\//i.test(pathname);
}

/**
 * Private responses (issue 14 item 8): never stored by a browser or a shared cache, and marked as depending
 * on the cookie. Applied here, to whatever answers — a page, its `.data` request, a resource route (CSV,
 * upload, document), a redirect or an error — so no kind of response is missed.
 */
export function markPrivate(response: Response): Response {
  let out = response;
  try {
    out.headers.set("Cache-Control", "private, no-store");
  } catch {
    // Headers of some responses are immutable (Response.redirect, fetch): copy them.
    out = new Response(response.body, response);
    out.headers.set("Cache-Control", "private, no-store");
  }
  const vary = (out.headers.get("Vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
  if (!vary.includes("cookie") && !vary.includes("*")) out.headers.append("Vary", "Cookie");
  return out;
}

/**
 * The page behind a `.data` request (`/ADMIN/messages.data` → `/ADMIN/messages`, `/admin/_.data` →
 * `/admin/`), without the router's `_routes` parameter: a redirect from a data request is a navigation.
 */
function pageOf(url: URL): { pathname: string; search: string } {
  if (!url.pathname.endsWith(".data")) return { pathname: url.pathname, search: url.search };
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const query = params.toString();
  return { pathname: url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, ""), search: query ? `?${query}` : "" };
}

export const localeRouting: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const hasLang = url.searchParams.has("lang");
  const reading = request.method === "GET" || request.method === "HEAD";

  // A staff URL in another letter case (`/ADMIN/messages`, `/Login`, `/Instructor-Dashboard`) is matched by
  // the router but would fall outside every case-sensitive check: its one spelling instead, before
  // anything runs or renders (308 keeps a form's method and body).
  const page = pageOf(url);
  const canonical = canonicalStaffPath(page.pathname);
  if (canonical) {
    throw markPrivate(redirect(safeRedirect(`${canonical}${page.search}`), reading ? 301 : 308));
  }

  if (!isPrivatePath(url.pathname)) return routeLanguage(request, url, lang, hasLang, reading, next);
  try {
    return markPrivate(await routeLanguage(request, url, lang, hasLang, reading, next));
  } catch (thrown) {
    // A redirect answered here (`?lang=` on a staff page) is private too.
    if (thrown instanceof Response) throw markPrivate(thrown);
    throw thrown;
  }
};

/**
 * The language rules of the header comment: redirects for URLs without (or with an old) language, `?lang=`
 * on staff pages. The request's own path is a user-supplied target too: every Location goes through the
 * shared check (app/lib/safe-redirect.ts), so `/%252e%252e//evil.example` lands on the home page.
 */
async function routeLanguage(
  request: Request,
  url: URL,
  lang: string | null,
  hasLang: boolean,
  reading: boolean,
  next: () => Promise<Response>,
): Promise<Response> {
  if (needsLocalePrefix(url.pathname)) {
    if (hasLang && isLocale(lang) && reading) {
      // An old `?lang=` URL (shared links, search results): its permanent new address.
      throw redirect(safeRedirect(localePath(lang, withoutLang(url)), localePath(lang, "/")), 301);
    }
    const locale = negotiateLocale(await rememberedLocale(request), request.headers.get("Accept-Language"));
    // 308 keeps the method and body of a form posted to an old address; 302 for pages.
    throw redirect(safeRedirect(localePath(locale, withoutLang(url)), localePath(locale, "/")), {
      status: reading ? 302 : 308,
      headers: { Vary: "Cookie, Accept-Language", "Cache-Control": "private, no-store" },
    });
  }

  if (reading && hasLang && localeOfPath(url.pathname)) {
    // `/ar/courses?lang=en`: the path is the language; the parameter names the one wanted.
    const target = isLocale(lang) ? lang : localeOfPath(url.pathname)!;
    throw redirect(safeRedirect(localePath(target, withoutLang(url)), localePath(target, "/")), 301);
  }

  if (reading && hasLang && isStaffPath(url.pathname)) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (isLocale(lang)) {
      headers.append("Set-Cookie", await rememberLocale(lang));
      await saveLanguagePreference(request, lang);
    }
    throw redirect(safeRedirect(withoutLang(url)), { headers });
  }

  return next();
}
