// The admin shell's signals (issue 17 point 4): the count on a navigation entry (pending enrollments,
// unread messages) and the banner telling admins that emails are not leaving the server.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { MailWarning } from "lucide-react";
import { Link } from "react-router";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { navBadgeCount, type AdminSignals } from "~/lib/admin-signals.ts";
import { formatNumber } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";

/** The count beside a navigation entry: the number shown, "3 pending" / "3 unread" read out. */
export function NavBadge({ signals, navKey, locale }: { signals: AdminSignals; navKey: string; locale: Locale }) {
  const { t } = useI18n();
  const n = navBadgeCount(signals, navKey);
  if (n === undefined) return null;
  return (
    // relative: the read-out text (sr-only, absolutely placed) stays inside the navigation's scroll box
    // instead of widening the page when the entry sits past the edge of a phone's screen.
    <span data-nav-badge={navKey} className="relative ms-auto inline-flex items-center">
      <span aria-hidden="true" className="min-w-6 rounded-full bg-amber-300 px-2 py-0.5 text-center text-xs font-bold text-slate-950">
        {formatNumber(n, locale)}
      </span>
      <span className="sr-only">{t(`admin.badges.${navKey}`, { count: n })}</span>
    </span>
  );
}

/** Shown to admins on every admin page while no SMTP server is configured (emails are only logged). */
export function SmtpBanner({ signals }: { signals: AdminSignals }) {
  const { t } = useI18n();
  if (!signals.smtpMissing) return null;
  const set = tIsolated(t, "admin.smtpBanner.set", {
    variable: (
      <code dir="ltr" className="rounded bg-amber-100 px-1 font-mono text-[0.85em]">
        SMTP_URL
      </code>
    ),
  });
  return (
    <section
      aria-labelledby="smtp-banner-title"
      data-smtp-banner
      className="flex items-start gap-3 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0">
        <p id="smtp-banner-title" className="font-semibold">
          {t("admin.smtpBanner.title")}
        </p>
        <p className="mt-0.5">{t("admin.smtpBanner.text")}</p>
        {/* How to fix it is for whoever runs the server: on a phone the banner keeps to what happened. */}
        <p className="mt-0.5 hidden sm:block">{set}</p>
        <code dir="ltr" className="mt-1 hidden text-start font-mono text-xs [overflow-wrap:anywhere] sm:block">
          SMTP_URL=smtp://user:password@mail.example.com:587
        </code>
        <Link to={ADMIN_PATH.emails} className="mt-1 inline-flex min-h-6 items-center font-medium text-amber-950 underline">
          {t("admin.smtpBanner.link")}
        </Link>
      </div>
    </section>
  );
}
