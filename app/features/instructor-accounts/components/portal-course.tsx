// The instructor dashboard's course card and details (SPEC §2 instructor area): read-only views of the
// courses assigned to the signed-in instructor, drafts included, with their materials.
import { FileText, Eye } from "lucide-react";
import type { ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { DEFAULT_THUMBNAIL } from "~/features/catalog/components/course-card.tsx";
import { formatPrice } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { PortalCourse, PortalMaterial } from "../portal-types.ts";

export function StatusBadge({ published }: { published: boolean }) {
  const { t } = useI18n();
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        published ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"
      }`}
    >
      {t(published ? "instructorPortal.card.published" : "instructorPortal.card.draft")}
    </span>
  );
}

function hoursText(t: (k: string, o?: Record<string, unknown>) => string, hours: number | null): string {
  return hours ? t("instructorPortal.card.hours", { count: hours }) : t("instructorPortal.card.noHours");
}

/** The teaching language in the page's language ("English" / "الإنجليزية"); an unknown code as recorded. */
function languageName(t: (key: string) => string, code: string): string {
  return code === "ar" || code === "en" ? t(`instructorPortal.details.languages.${code}`) : code.toUpperCase();
}

/** One card: thumbnail, title, summary, hours, language (named in the page's language), details, materials, description, status. */
export function PortalCourseCard({
  course,
  detailsControl,
  materialsControl,
}: {
  course: PortalCourse;
  /** The 'View Details' control (a button with JavaScript, a link without). */
  detailsControl: (content: ReactNode, label: string) => ReactNode;
  materialsControl: (content: ReactNode, label: string) => ReactNode;
}) {
  const { t } = useI18n();
  const count = course.materials.length;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={course.thumbnailUrl ?? DEFAULT_THUMBNAIL}
        alt=""
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold text-slate-900" dir="auto">
            {course.title}
          </h3>
          <StatusBadge published={course.isPublished} />
        </div>
        <p className={`text-sm ${course.summary ? "text-slate-700" : "text-slate-600 ltr:italic"}`} dir="auto">
          {course.summary ?? t("instructorPortal.card.noSummary")}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span>{hoursText(t, course.hours)}</span>
          <span>
            <span className="sr-only">{t("instructorPortal.details.language")}: </span>
            <span>{languageName(t, course.language)}</span>
          </span>
        </p>
        {course.description && (
          <p className="line-clamp-3 text-sm text-slate-600" dir="auto">
            {course.description}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {detailsControl(<>{t("instructorPortal.card.viewDetails")}</>, t("instructorPortal.card.viewDetailsOf", { title: course.title }))}
          {count > 0 ? (
            materialsControl(
              <>
                <FileText aria-hidden="true" className="h-4 w-4" />
                {t("instructorPortal.card.viewMaterials", { count })}
              </>,
              t("instructorPortal.card.viewMaterialsOf", { count, title: course.title }),
            )
          ) : (
            <p className="self-center text-sm text-slate-600">{t("instructorPortal.card.noMaterials")}</p>
          )}
        </div>
      </div>
    </article>
  );
}

/** The details modal's content: thumbnail, summary, description, duration, language, price, status, materials. */
export function PortalCourseDetails({
  course,
  locale,
  hydrated,
  focusMaterials = false,
  returnTo,
  onView,
}: {
  course: PortalCourse;
  locale: Locale;
  hydrated: boolean;
  /** Opened by "View Materials": the dialog starts at the materials, focused (issue 36 item 12). */
  focusMaterials?: boolean;
  /** The material whose viewer just closed: its View button takes focus back (issue 36), not the heading. */
  returnTo?: string | null;
  /** Opens the view-only viewer (JavaScript only: without it there is no viewer, and no download link). */
  onView: (material: PortalMaterial) => void;
}) {
  const { t } = useI18n();
  const row = "grid grid-cols-[7rem_1fr] gap-2 py-1.5";
  return (
    <div className="space-y-5">
      <img
        src={course.thumbnailUrl ?? DEFAULT_THUMBNAIL}
        alt=""
        width={800}
        height={600}
        className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
      />
      <section aria-labelledby={`summary-${course.id}`}>
        <h3 id={`summary-${course.id}`} className="font-semibold text-slate-900">
          {t("instructorPortal.details.summary")}
        </h3>
        <p className="mt-1 text-slate-700" dir="auto">
          {course.summary ?? t("instructorPortal.card.noSummary")}
        </p>
      </section>
      <section aria-labelledby={`description-${course.id}`}>
        <h3 id={`description-${course.id}`} className="font-semibold text-slate-900">
          {t("instructorPortal.details.description")}
        </h3>
        <p className="mt-1 whitespace-pre-line text-slate-700" dir="auto">
          {course.description ?? t("instructorPortal.details.noDescription")}
        </p>
      </section>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-4 py-1 text-sm">
        <div className={row}>
          <dt className="font-medium text-slate-700">{t("instructorPortal.details.duration")}</dt>
          <dd className="text-slate-900">{hoursText(t, course.hours)}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t("instructorPortal.details.language")}</dt>
          <dd className="text-slate-900">
            {languageName(t, course.language)}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t("instructorPortal.details.price")}</dt>
          <dd className="text-slate-900">{formatPrice(course.price, locale) ?? t("instructorPortal.details.free")}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t("instructorPortal.details.status")}</dt>
          <dd>
            <StatusBadge published={course.isPublished} />
          </dd>
        </div>
      </dl>
      <section aria-labelledby={`materials-${course.id}`}>
        <h3
          id={`materials-${course.id}`}
          className="scroll-mt-4 font-semibold text-slate-900 focus:outline-none"
          {...(focusMaterials && !course.materials.some((m) => m.id === returnTo) ? { tabIndex: -1, "data-autofocus": "" } : {})}
        >
          {t("instructorPortal.details.materials")}
        </h3>
        {course.materials.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t("instructorPortal.details.noMaterials")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {course.materials.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-3 px-4 py-2.5">
                <span className="flex min-w-0 items-center gap-2 text-sm text-slate-900">
                  <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
                  <span className="truncate" dir="auto">
                    {m.fileName}
                  </span>
                  <span className="text-xs text-slate-600">({m.fileType})</span>
                </span>
                {hydrated && (
                  <button
                    type="button"
                    onClick={() => onView(m)}
                    data-autofocus={m.id === returnTo ? "" : undefined}
                    aria-label={t("instructorPortal.details.viewMaterial", { name: m.fileName })}
                    className="btn-secondary inline-flex shrink-0 gap-1.5 px-3 py-1.5 text-sm"
                  >
                    <Eye aria-hidden="true" className="h-4 w-4" />
                    {t("instructorPortal.details.view")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
