import { useEffect } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { prepareLanguage } from "./lib/i18n-client.ts";
import { localeOfPath } from "./lib/locale-url.ts";
import { fragmentOnly } from "./lib/hooks/use-fragment-dialog.ts";
import { ChatButton } from "./components/layout/chat-button.tsx";
import { ErrorPage } from "./components/layout/error-page.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { SiteLinkProvider } from "./components/ui/site-link.tsx";
import { useNonce } from "./components/nonce.tsx";
import { Toaster } from "./components/ui/toast.tsx";
import { getNavCategories } from "./features/catalog/catalog.server.ts";
import { getPublicSettings } from "./features/settings/settings.server.ts";
import { AppError } from "./lib/errors.ts";
import { dirOf, isLocale, pickText, type Locale } from "./lib/i18n.ts";
import { localeRouting } from "./middleware/locale.server.ts";
import { publicLocaleFilesFor } from "./lib/locale-files.ts";
import { env } from "./lib/env.server.ts";
import { siteShareImage } from "./lib/og-image.ts";
import { logger } from "./lib/logger.server.ts";
import { perVersion, requestVersion } from "./lib/content-version.server.ts";
import { publicPageCache } from "./lib/public-cache.server.ts";
import { getLocale } from "./lib/context.server.ts";
import { i18nextMiddleware } from "./middleware/i18next.server.ts";
import { appErrors } from "./middleware/app-errors.server.ts";
import { inputGuard } from "./middleware/input-guard.server.ts";
import stylesheet from "./app.css?url";

// URLs without their language are redirected first (app/middleware/locale.server.ts); then a stored public
// page answers (app/lib/public-cache.server.ts); otherwise i18n, loaders and render.
export const middleware = [localeRouting, publicPageCache, i18nextMiddleware, appErrors, inputGuard];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The layout's data (public settings, navigation categories), kept per instance while the content version
 * stays the same (app/lib/content-version.server.ts): an uncached render does not query them each time.
 */
const layoutData = perVersion(async () => {
  const [settings, categories] = await Promise.all([getPublicSettings(), getNavCategories()]);
  return { settings, categories };
});

export async function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  let settings;
  let categories;
  try {
    ({ settings, categories } = await layoutData(await requestVersion(context)));
  } catch (err) {
    // The database is unreachable: a friendly 503 page; /readyz reports the same.
    logger.error({ err }, "root loader: database unavailable");
    throw new AppError("unavailable", "errors.unavailableText");
  }
  return {
    locale,
    origin: env().PUBLIC_URL,
    brand: pickText(settings.brand.name, locale),
    // What a shared link to a page without its own image shows (issue 36 item 9).
    shareImage: { ...siteShareImage(locale, pickText(settings.brand.name, locale)) },
    settings,
    categories,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The root data (language, brand, menus) is read again whenever a navigation changes the language of the
 * URL: public `/en/…` ↔ `/ar/…`, or a public page ↔ a staff page (whose language is the saved preference).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, defaultShouldRevalidate } = args;
  // Back or Forward across a dialog's fragment (#enroll=…) needs nothing new (use-fragment-dialog.ts).
  if (fragmentOnly(args)) return false;
  return defaultShouldRevalidate || localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname);
}

/** A client navigation into another language brings that language's strings before the page renders. */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await prepareLanguage(data.locale, new URL(request.url).pathname);
  return data;
}

/** Public pages show the site chrome; the admin and instructor areas have their own shells. */
function isSitePath(pathname: string): boolean {
  // Any letter case, as the router matches (`/ADMIN/…` is refused by the root middleware anyway).
  return !/^\/(?:admin|instructor)/i.test(pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const { i18n, t } = useI18n();
  const locale: Locale = data?.locale ?? (isLocale(i18n.language) ? i18n.language : "en");
  const nonce = useNonce();
  const { pathname } = useLocation();
  const site = isSitePath(pathname);
  // The locale files the browser loads first on this page (app/lib/locale-files.ts, read by entry.client).
  const localeFiles = publicLocaleFilesFor(useMatches().map((m) => m.id)).join(" ");
  const brand = data?.brand || t("brand");
  return (
    <html
      lang={locale}
      dir={dirOf(locale)}
      className={locale === "ar" ? "locale-ar" : "locale-en"}
      data-locale-files={localeFiles}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c5c" />
        <Meta />
        <Links />
        <noscript>
          {/* Without JavaScript, menus open on hover and keyboard focus. */}
          <style>{".no-js-hover-open{display:none}.group\\/menu:hover>.no-js-hover-open,.group\\/menu:focus-within>.no-js-hover-open{display:block}"}</style>
        </noscript>
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased flex flex-col">
        <SiteLinkProvider>
          <a href="#main" className="skip-link">
            {t("skipToContent")}
          </a>
          {site && <SiteHeader locale={locale} brand={brand} categories={data?.categories ?? []} />}
          {/* The admin and instructor areas render their own landmarks (shell, main). */}
          {site ? (
            <main id="main" className="flex-1">
              {children}
            </main>
          ) : (
            children
          )}
          {site && data && <SiteFooter brand={brand} settings={data.settings} locale={locale} />}
          {site && data?.settings.contact.chatNumber && (
            <ChatButton
              number={data.settings.contact.chatNumber}
              greeting={pickText(data.settings.contact.chatGreeting, locale)}
            />
          )}
        </SiteLinkProvider>
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useI18n();
  const { pathname } = useLocation();
  useEffect(() => {
    if (i18n.language !== loaderData.locale) void i18n.changeLanguage(loaderData.locale);
  }, [loaderData.locale, i18n]);
  // Marks the document as interactive (used by tests to wait for hydration before using widgets).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // SPEC: the page scrolls to the top on every route change; an address with a fragment shows what it
  // names instead (the browser on a fresh load, the page on a client navigation: About's instructors).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
