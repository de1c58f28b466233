import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { DEFAULT_LOCALE, DEFAULT_NS, LOCALES } from "~/lib/i18n.ts";
import { localeCookie } from "~/lib/locale-cookie.server.ts";
import { localeOfPath } from "~/lib/locale-url.ts";
import { resources } from "~/locales/index.ts";

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    searchParamKey: "lang",
    // Public pages: the path (`/ar/…`). Staff pages: `?lang` (a form posted with it), the cookie, the browser.
    findLocale: async (request) => localeOfPath(new URL(request.url).pathname),
    order: ["custom", "searchParams", "cookie", "header"],
  },
  i18next: {
    resources,
    defaultNS: DEFAULT_NS,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});

let fallback: i18n | undefined;
/**
 * The request's i18next instance; when no route matched (the middleware never ran) an English instance,
 * so unknown paths render the 404 page instead of failing.
 */
export function getInstanceOrFallback(context: Readonly<RouterContextProvider>): i18n {
  try {
    return getInstance(context);
  } catch {
    if (!fallback) {
      fallback = i18next.createInstance();
      void fallback.use(initReactI18next).init({
        resources,
        lng: DEFAULT_LOCALE,
        defaultNS: DEFAULT_NS,
        fallbackLng: DEFAULT_LOCALE,
        interpolation: { escapeValue: false },
        initAsync: false,
      });
    }
    return fallback;
  }
}
