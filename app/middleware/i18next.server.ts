import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, DEFAULT_NS, isLocale, LOCALES, type Locale } from "~/lib/i18n.ts";
import { getLocale, localeContext } from "~/lib/context.server.ts";
import { localeCookie } from "~/lib/locale-cookie.server.ts";
import { localeOfPath } from "~/lib/locale-url.ts";
import { resources } from "~/locales/index.ts";

// One i18next instance per language for the whole process, created at start (the strings are bundled):
// a request only picks the instance of the language it detected. An instance per request cost 4 % of an
// uncached page and threw away i18next's caches (plural rules, resolved keys) on every request
// (ADR 019). The shared instances never change language:
// changeLanguage on them throws, so no request can switch what another request is rendering.

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    searchParamKey: "lang",
    // Public pages: the path (`/ar/…`). Staff pages: `?lang` (a form posted with it), the cookie, the browser.
    findLocale: async (request) => localeOfPath(new URL(request.url).pathname),
    order: ["custom", "searchParams", "cookie", "header"],
  },
});

function createLanguageInstance(lng: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    defaultNS: DEFAULT_NS,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.changeLanguage = () => {
    throw new Error(`the shared "${lng}" i18next instance never changes language; pick the instance of the language instead`);
  };
  return instance;
}

const instances = new Map<Locale, i18n>(LOCALES.map((lng) => [lng, createLanguageInstance(lng)]));

/** The process's i18next instance of a language (English for anything else). */
export function instanceOf(lng: string): i18n {
  return instances.get(isLocale(lng) ? lng : DEFAULT_LOCALE)!;
}

/** Detects the request's language (public pages: the path; staff pages: ?lang, cookie, browser). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lng = await detector.getLocale(request);
  context.set(localeContext, isLocale(lng) ? lng : DEFAULT_LOCALE);
  return next();
};

/** The i18next instance of the request's language (the middleware ran). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return instanceOf(getLocale(context));
}

/**
 * The request's i18next instance; when no route matched (the middleware never ran) the English one,
 * so unknown paths render the 404 page instead of failing.
 */
export function getInstanceOrFallback(context: Readonly<RouterContextProvider>): i18n {
  try {
    return getInstance(context);
  } catch {
    return instanceOf(DEFAULT_LOCALE);
  }
}
