// The admin dashboard page (SPEC §2 Dashboard, §8 counts read 0 on failure, §9 five placeholders).
import {
  Banknote,
  FileCheck,
  BookOpen,
  BookOpenCheck,
  ClipboardList,
  FilePen,
  FolderTree,
  GraduationCap,
  Hourglass,
  MailOpen,
  Plus,
  TimerReset,
  UserPlus,
  type LucideIcon,
} from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link } from "react-router";
import { WeeklyChart } from "./weekly-chart.tsx";
import { SourcesCard } from "./sources-card.tsx";
import { NextRunsCard } from "./next-runs-card.tsx";
import { SetupCard } from "./setup-card.tsx";
import type { DashboardData, DashboardStats } from "../dashboard.server.ts";
import { useSettled } from "~/lib/hooks/use-settled.ts";
import { formatNumber } from "~/lib/format.ts";
import { formatPiastres } from "~/lib/money.ts";
import type { Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import { ADMIN_PATH, adminPage, mayOpen } from "~/lib/admin-pages.ts";
import { enrollmentSearch } from "~/features/enrollments/enrollments-admin.schema.ts";
import { messagesHref } from "~/features/messages/messages.schema.ts";

/** SPEC §9: five dashboard placeholders while loading. */
const DASHBOARD_PLACEHOLDERS = 5;

interface Card {
  key: keyof DashboardStats;
  icon: LucideIcon;
  tone: string;
  /** The list the figure counts, filtered as it counts (linked when the viewer may open that page). */
  list?: { page: `/admin${string}`; href?: string };
  /** The figure is money in piastres (issue 37). */
  money?: boolean;
}

const CARDS: Card[] = [
  { key: "totalCourses", icon: BookOpen, tone: "bg-teal-100 text-teal-900", list: { page: ADMIN_PATH.courses } },
  { key: "publishedCourses", icon: BookOpenCheck, tone: "bg-emerald-100 text-emerald-900", list: { page: ADMIN_PATH.courses, href: `${ADMIN_PATH.courses}?status=published` } },
  { key: "draftCourses", icon: FilePen, tone: "bg-amber-100 text-amber-900", list: { page: ADMIN_PATH.courses, href: `${ADMIN_PATH.courses}?status=draft` } },
  { key: "instructors", icon: GraduationCap, tone: "bg-sky-100 text-sky-900", list: { page: ADMIN_PATH.instructors } },
  { key: "categories", icon: FolderTree, tone: "bg-violet-100 text-violet-900", list: { page: ADMIN_PATH.categories } },
  { key: "totalEnrollments", icon: ClipboardList, tone: "bg-indigo-100 text-indigo-900", list: { page: ADMIN_PATH.enrollments } },
  {
    key: "pendingEnrollments",
    icon: Hourglass,
    tone: "bg-orange-100 text-orange-900",
    list: { page: ADMIN_PATH.enrollments, href: `${ADMIN_PATH.enrollments}${enrollmentSearch({ status: "pending" })}` },
  },
  {
    key: "unreadMessages",
    icon: MailOpen,
    tone: "bg-rose-100 text-rose-900",
    list: { page: ADMIN_PATH.messages, href: messagesHref({ filter: "unread", page: 1 }) },
  },
  { key: "collectedThisMonth", icon: Banknote, tone: "bg-emerald-100 text-emerald-900", money: true },
  {
    key: "holdsExpiringSoon",
    icon: TimerReset,
    tone: "bg-amber-100 text-amber-900",
    list: { page: ADMIN_PATH.enrollments, href: `${ADMIN_PATH.enrollments}${enrollmentSearch({ status: "approved" })}` },
  },
  { key: "proofsAwaitingReview", icon: FileCheck, tone: "bg-teal-100 text-teal-900", list: { page: ADMIN_PATH.payments } },
];

/** Where a card leads: its list, filtered, when this staff member may open it (the one list of admin pages). */
function cardHref(card: Card, actor: ActorView): string | undefined {
  if (!card.list) return undefined;
  return mayOpen(actor, adminPage(card.list.page).access) ? (card.list.href ?? card.list.page) : undefined;
}

/** Every card's link for this staff member (undefined: the figure shows without a link). */
export function dashboardCardLinks(actor: ActorView): Record<keyof DashboardStats, string | undefined> {
  return Object.fromEntries(CARDS.map((card) => [card.key, cardHref(card, actor)])) as Record<keyof DashboardStats, string | undefined>;
}

/** The dashboard: figures the actor may see (placeholders while they load), quick actions, the weekly chart. */
export function DashboardPage({ actor, dashboard, locale }: { actor: ActorView; dashboard: DashboardData | Promise<DashboardData>; locale: Locale }) {
  const { t } = useI18n();
  const { data, failed } = useSettled(dashboard);
  const isAdmin = actor.role === "admin";
  const showsChart = data ? data.weekly !== undefined : can(actor, "enrollments:view");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin.nav.dashboard")}</h1>
        <p className="mt-2 text-slate-700">{t("admin.dashboard.welcome")}</p>
      </div>

      {/* Finish setting up (issue 33): only the tasks this staff member can do; gone once all are done. */}
      {data?.setup && <SetupCard items={data.setup} locale={locale} />}

      <section aria-labelledby="dashboard-overview">
        <h2 id="dashboard-overview" className="sr-only">
          {t("dashboard.overview")}
        </h2>
        {data ? <Cards data={data} actor={actor} locale={locale} /> : failed ? <CardsFailed /> : <CardsPlaceholder />}
      </section>

      {/* Next runs (issue 20): absent from the data without courses:view and enrollments:view. */}
      {data && data.nextRuns !== undefined && (
        <NextRunsCard
          runs={data.nextRuns}
          locale={locale}
          requestsPath={can(actor, "enrollments:view") && mayOpen(actor, adminPage(ADMIN_PATH.enrollments).access) ? ADMIN_PATH.enrollments : undefined}
        />
      )}

      {isAdmin && (
        <section aria-labelledby="dashboard-quick-actions" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="dashboard-quick-actions" className="text-lg font-semibold text-slate-900">
            {t("dashboard.quickActions.title")}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            <li>
              <Link to={`${ADMIN_PATH.courses}?action=create`} className="btn-primary inline-flex gap-2 px-4 py-2 text-sm">
                <Plus aria-hidden="true" className="h-4 w-4" />
                {t("dashboard.quickActions.createCourse")}
              </Link>
            </li>
            <li>
              <Link to={`${ADMIN_PATH.instructors}?action=create`} className="btn-secondary inline-flex gap-2 px-4 py-2 text-sm">
                <UserPlus aria-hidden="true" className="h-4 w-4" />
                {t("dashboard.quickActions.addInstructor")}
              </Link>
            </li>
            <li>
              <Link to={ADMIN_PATH.categories} className="btn-secondary inline-flex gap-2 px-4 py-2 text-sm">
                <FolderTree aria-hidden="true" className="h-4 w-4" />
                {t("dashboard.quickActions.manageCategories")}
              </Link>
            </li>
          </ul>
        </section>
      )}

      {/* The chart is an enrollment figure: absent from the data without enrollments:view. */}
      {!showsChart ? null : data?.weekly ? (
        <WeeklyChart weeks={data.weekly} locale={locale} />
      ) : data ? (
        <p role="status" className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          {t("dashboard.chart.unavailable")}
        </p>
      ) : failed ? null : (
        <ChartPlaceholder />
      )}

      {/* Requests by source (ADR 021): also an enrollment figure, absent without enrollments:view. */}
      {data && data.sources !== undefined && <SourcesCard sources={data.sources} locale={locale} />}
    </div>
  );
}

function Cards({ data, actor, locale }: { data: DashboardData; actor: ActorView; locale: Locale }) {
  const { t } = useI18n();
  const cards = CARDS.filter((c) => data.stats[c.key] !== null);
  const box =
    "flex h-full flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5";
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map((card) => {
        const { key, icon: Icon, tone } = card;
        const href = cardHref(card, actor);
        const content = (
          <>
            <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl sm:h-12 sm:w-12 ${tone}`}>
              <Icon aria-hidden="true" className="h-5 w-5 sm:h-6 sm:w-6" />
            </span>
            <span className="flex min-w-0 flex-col-reverse">
              <span className="text-sm text-slate-700">{t(`dashboard.cards.${key}`)}</span>
              <span className={`font-bold text-slate-900 ${card.money ? "text-xl [overflow-wrap:anywhere] sm:text-2xl" : "text-2xl"}`}>
                {card.money ? <bdi dir="ltr">{formatPiastres(data.stats[key] ?? 0, locale)}</bdi> : formatNumber(data.stats[key] ?? 0, locale)}
              </span>
            </span>
          </>
        );
        return (
          <li key={key} data-card={key}>
            {href ? (
              <Link
                to={href}
                className={`${box} transition-colors hover:border-teal-600 hover:bg-teal-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800`}
              >
                {content}
              </Link>
            ) : (
              <div className={box}>{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** SPEC §9: five placeholders while the counts load. */
function CardsPlaceholder() {
  const { t } = useI18n();
  return (
    <div role="status">
      <span className="sr-only">{t("dashboard.loadingStats")}</span>
      <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: DASHBOARD_PLACEHOLDERS }, (_, i) => (
          <li
            key={i}
            data-placeholder
            className="flex animate-pulse flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
          >
            <span className="h-10 w-10 rounded-xl bg-slate-200 sm:h-12 sm:w-12" />
            <span className="w-full flex-1 space-y-2">
              <span className="block h-6 w-16 rounded bg-slate-200" />
              <span className="block h-4 w-24 max-w-full rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ChartPlaceholder() {
  return <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl border border-slate-200 bg-white" />;
}

function CardsFailed() {
  const { t } = useI18n();
  return (
    <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      {t("dashboard.loadFailed")}
    </p>
  );
}
