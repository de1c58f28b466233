import { type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Icon } from "~/components/icons/icon.tsx";
import { LanguageSwitcher } from "~/components/layout/language-switcher.tsx";
import { Email } from "~/components/ui/email.tsx";
import { useMenuDisclosure } from "~/lib/hooks/use-menu-disclosure.ts";
import { isCurrentPath, SiteLink } from "~/components/ui/site-link.tsx";
import { ADMIN_PATH, visibleNav, type AdminNavEntry } from "~/lib/admin-pages.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { ActorView } from "~/lib/permissions.ts";
import { NO_SIGNALS, type AdminSignals } from "~/lib/admin-signals.ts";
import { NavBadge, SmtpBanner } from "./admin-signals.tsx";
import { useFocusRescue } from "~/components/ui/focus-rescue.ts";

export function AdminShell({
  actor,
  locale,
  signals = NO_SIGNALS,
  children,
}: {
  actor: ActorView;
  locale: Locale;
  /** The navigation's badges and the no-SMTP banner (the admin layout's loader). */
  signals?: AdminSignals;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const navigation = useNavigation();
  useFocusRescue();
  // The side navigation: the pages of the one list (app/lib/admin-pages.ts) this staff member may open.
  const nav = visibleNav(actor);
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(ADMIN_PATH.dashboard);
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="relative z-40 border-b border-slate-200 bg-slate-900 text-slate-100 md:w-56 md:shrink-0 md:border-b-0 md:border-e">
        <div className="flex min-h-14 items-center pe-32 ps-4 md:min-h-0 md:px-5 md:py-4">
          <Link to={ADMIN_PATH.dashboard} className="min-w-0 text-lg font-bold text-white">
            {actor.role === "admin" ? t("admin.panelTitle") : t("admin.managementTitle")}
          </Link>
        </div>
        <nav aria-label={t("admin.nav.label")} className="hidden px-3 pb-4 md:block">
          <NavList nav={nav} signals={signals} locale={locale} />
        </nav>
        {/* After the side navigation in the document (its links come first on a laptop), drawn in the top bar. */}
        <PhoneMenu label={t("admin.nav.label")} buttonLabel={t("actions.menu")}>
          <NavList nav={nav} signals={signals} locale={locale} />
        </PhoneMenu>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 sm:px-6 sm:py-3">
          <span className="rounded-full bg-teal-100 px-3 py-1 text-xs font-semibold text-teal-900">
            {t(`admin.roles.${actor.role}`)}
          </span>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="hidden text-sm text-slate-600 lg:inline">
              <Email value={actor.email} />
            </span>
            <LanguageSwitcher locale={locale} />
            <Link to={lp("/")} target="_blank" rel="noopener" className="inline-flex min-h-6 items-center text-sm text-teal-800 underline">
              {t("admin.nav.viewSite")}
              <span className="sr-only"> {t("admin.nav.newTab")}</span>
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className="btn-secondary inline-flex px-3 py-1.5 text-sm">
                {t("admin.signOut")}
              </button>
            </Form>
          </div>
        </header>
        {/* A navigation keeps the page in place: a slim bar shows it is under way, announced once. */}
        {loading && (
          <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-teal-100">
            <div className="h-full w-full origin-left animate-progress bg-teal-700 rtl:origin-right" />
          </div>
        )}
        <p role="status" className="sr-only">
          {loading ? t("admin.navigating") : ""}
        </p>
        <SmtpBanner signals={signals} />
        <main id="main" className="min-w-0 flex-1 bg-slate-50 px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The side navigation's entries (the one list of admin pages, filtered for this staff member): the admin's
 * frame, drawn twice on every page (side and phone menu), so its links are SiteLinks (ADR 023).
 */
function NavList({ nav, signals, locale }: { nav: readonly AdminNavEntry[]; signals: AdminSignals; locale: Locale }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-1">
      {nav.map(({ to, key, icon }) => (
        <li key={to}>
          <SiteLink
            to={to}
            current={isCurrentPath(pathname, to, to === ADMIN_PATH.dashboard)}
            className="flex min-h-10 items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm text-slate-200 hover:bg-slate-800 aria-[current=page]:bg-teal-800 aria-[current=page]:text-white"
          >
            <Icon name={icon} className="h-4 w-4" />
            {t(`admin.nav.${key}`)}
            <NavBadge signals={signals} navKey={key} locale={locale} />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The navigation on a phone: a Menu button that opens every entry below the top bar. A native disclosure,
 * so it works without JavaScript; with it, it behaves as useMenuDisclosure says.
 */
function PhoneMenu({ label, buttonLabel, children }: { label: string; buttonLabel: string; children: ReactNode }) {
  const { ref, onKeyDown } = useMenuDisclosure();
  return (
    <details ref={ref} className="group md:hidden" onKeyDown={onKeyDown}>
      <summary className="absolute end-4 top-2 flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-600 px-3 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white group-open:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <Icon name="menu" className="h-5 w-5" />
        {buttonLabel}
      </summary>
      <nav
        aria-label={label}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-slate-700 bg-slate-900 px-3 py-3 shadow-xl"
      >
        {children}
      </nav>
    </details>
  );
}
