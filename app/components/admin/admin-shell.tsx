import type { ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { Form, Link, NavLink, useNavigation } from "react-router";
import { LanguageSwitcher } from "~/components/layout/language-switcher.tsx";
import { visibleNav } from "~/lib/admin-pages.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { ActorView } from "~/lib/permissions.ts";
import { NO_SIGNALS, type AdminSignals } from "~/lib/admin-signals.ts";
import { NavBadge, SmtpBanner } from "./admin-signals.tsx";

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
  // The side navigation: the pages of the one list (app/lib/admin-pages.ts) this staff member may open.
  const nav = visibleNav(actor);
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="border-b border-slate-200 bg-slate-900 text-slate-100 md:w-64 md:shrink-0 md:border-b-0 md:border-e">
        <div className="flex items-center justify-between px-5 py-4">
          <Link to="/admin" className="text-lg font-bold text-white">
            {actor.role === "admin" ? t("admin.panelTitle") : t("admin.managementTitle")}
          </Link>
        </div>
        <nav aria-label={t("admin.nav.label")} className="px-3 pb-4">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {nav.map(({ to, key, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === "/admin"}
                  className="flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm text-slate-200 hover:bg-slate-800 aria-[current=page]:bg-teal-800 aria-[current=page]:text-white"
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {t(`admin.nav.${key}`)}
                  <NavBadge signals={signals} navKey={key} locale={locale} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-6 py-3">
          <span className="rounded-full bg-teal-100 px-3 py-1 text-xs font-semibold text-teal-900">
            {t(`admin.roles.${actor.role}`)}
          </span>
          <div className="flex items-center gap-4">
            <span className="hidden text-sm text-slate-600 sm:inline">{actor.email}</span>
            <LanguageSwitcher locale={locale} />
            <Link to={lp("/")} target="_blank" rel="noopener" className="text-sm text-teal-800 underline">
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
        <main id="main" className="flex-1 bg-slate-50 px-6 py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
