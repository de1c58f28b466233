// One card of the Admin Instructors grid (SPEC §2): photo or initials, name, title, a two-line bio, the
// login account's status (Active / Expired / No Account) and its duration, and the actions the actor may use.
import type { ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { localizeInstructor } from "~/components/site/instructor-view.ts";
import { formatDateTime } from "~/lib/format.ts";
import { initials } from "~/lib/initials.ts";
import { PictureOrInitials } from "~/components/ui/picture-or-initials.tsx";
import type { Locale } from "~/lib/i18n.ts";
import type { AccountSummary } from "../account-status.ts";
import type { InstructorFormValues } from "./instructor-dialogs.tsx";

export interface AdminInstructorView extends InstructorFormValues {
  account: Omit<AccountSummary, "expiresAt"> & { expiresAt: Date | string | null };
}

const STATUS_STYLE = {
  active: "bg-emerald-100 text-emerald-900",
  expired: "bg-amber-100 text-amber-900",
  none: "bg-slate-100 text-slate-800",
} as const;

export function InstructorAdminCard({
  instructor,
  locale,
  actions,
}: {
  instructor: AdminInstructorView;
  locale: Locale;
  /** The edit/delete controls this actor may use (already filtered by permission). */
  actions: ReactNode;
}) {
  const { t } = useI18n();
  const view = localizeInstructor(instructor, locale, t("instructorsAdmin.fallbackTitle"));
  const { account } = instructor;
  const duration = (() => {
    const hours = t("instructorsAdmin.account.hours", { count: account.durationHours });
    const minutes = t("instructorsAdmin.account.minutes", { count: account.durationMinutes });
    if (account.durationHours && account.durationMinutes) return t("instructorsAdmin.account.durationBoth", { hours, minutes });
    return account.durationHours ? hours : minutes;
  })();

  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <PictureOrInitials src={instructor.photoUrl} initials={initials(view.name)} look="avatar" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-slate-900">
            <bdi>{view.name}</bdi>
          </h2>
          <p className="truncate text-sm text-slate-700">
            <bdi>{view.title}</bdi>
          </p>
        </div>
      </div>
      <p dir={view.bio ? "auto" : undefined} className={`mt-4 line-clamp-2 text-sm ${view.bio ? "text-slate-700" : "text-slate-600 ltr:italic"}`}>
        {view.bio ?? t("instructorsAdmin.noBio")}
      </p>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-4">
        <dl className="text-sm">
          <dt className="sr-only">{t("instructorsAdmin.account.label")}</dt>
          <dd>
            <span className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_STYLE[account.status]}`}>
              {t(`instructorsAdmin.account.${account.status}`)}
            </span>
          </dd>
          {account.status !== "none" && (
            <dd className="mt-1 text-xs text-slate-700">
              {t("instructorsAdmin.account.duration", { duration })}
              {account.expiresAt && (
                <>
                  {" · "}
                  <time dateTime={new Date(account.expiresAt).toISOString()}>
                    {t(account.status === "active" ? "instructorsAdmin.account.expiresAt" : "instructorsAdmin.account.expiredAt", {
                      time: formatDateTime(account.expiresAt, locale),
                    })}
                  </time>
                </>
              )}
            </dd>
          )}
        </dl>
        <div className="flex gap-1">{actions}</div>
      </div>
    </article>
  );
}
