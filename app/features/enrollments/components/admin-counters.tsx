// The counters of Admin Enrollments (SPEC §2): total, pending, approved, rejected, and the waiting list
// (issue 20) and the holds that expired unpaid (issue 37); of every request, or of one run when the list is filtered by run.
import { CheckCircle2, ClipboardList, Clock, Hourglass, TimerOff, Undo2, XCircle, type LucideIcon } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { formatNumber } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";

export interface AdminCountersValue {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  waiting: number;
  expired: number;
  withdrawn: number;
}

const CARDS: { key: keyof AdminCountersValue; icon: LucideIcon; tone: string }[] = [
  { key: "total", icon: ClipboardList, tone: "bg-slate-100 text-slate-800" },
  { key: "pending", icon: Clock, tone: "bg-amber-100 text-amber-900" },
  { key: "approved", icon: CheckCircle2, tone: "bg-emerald-100 text-emerald-900" },
  { key: "rejected", icon: XCircle, tone: "bg-red-100 text-red-900" },
  { key: "waiting", icon: Hourglass, tone: "bg-sky-100 text-sky-900" },
  { key: "expired", icon: TimerOff, tone: "bg-slate-200 text-slate-800" },
  { key: "withdrawn", icon: Undo2, tone: "bg-slate-200 text-slate-800" },
];

export function AdminEnrollmentCounters({
  counters,
  locale,
  forRun = false,
}: {
  counters: AdminCountersValue;
  locale: Locale;
  /** The counts are of the run the list is filtered by. */
  forRun?: boolean;
}) {
  const { t } = useI18n();
  return (
    <section aria-label={t(forRun ? "adminEnrollments.runList.countersLabel" : "adminEnrollments.counters.label")} className="mt-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 xl:grid-cols-7">
        {CARDS.map(({ key, icon: Icon, tone }) => (
          <div key={key} className="flex flex-col-reverse gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="flex items-center gap-2 text-sm text-slate-700">
              <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
                <Icon aria-hidden="true" className="h-4 w-4" />
              </span>
              {t(`adminEnrollments.counters.${key}`)}
            </dt>
            <dd className="text-2xl font-bold text-slate-900" data-counter={key}>
              {formatNumber(counters[key], locale)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
