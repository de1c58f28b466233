// The instructors section of About (SPEC §2 About): the grid (with its AboutPage JSON-LD), the error state
// with a retry link, and the placeholder shown while a slow store streams the grid.
import { useLocation } from "react-router";
import { JsonLd } from "~/components/json-ld.tsx";
import { INSTRUCTOR_ITEM, InstructorGrid } from "~/components/site/instructor-grid.tsx";
import { instructorLinks, localizeInstructor, type PublicInstructor } from "~/components/site/instructor-view.ts";
import type { Locale } from "~/lib/i18n.ts";
import { localizedUrl } from "~/lib/seo.ts";
import { useI18n } from "~/lib/use-i18n.ts";

/** The loader's instructors: the list, or a failure (logged on the server; never fake data). */
export type InstructorsResult = { ok: true; list: PublicInstructor[] } | { ok: false; list: [] };

export function AboutInstructors({
  result,
  locale,
  brand,
  origin,
}: {
  result: InstructorsResult;
  locale: Locale;
  brand: string;
  origin: string;
}) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return result.ok ? (
    <>
      <AboutJsonLd instructors={result.list} locale={locale} brand={brand} origin={origin} />
      <InstructorGrid instructors={result.list} locale={locale} />
    </>
  ) : (
    <div className="rounded-2xl bg-red-50 p-8 text-center">
      <p className="text-red-800">{t("about.instructors.error")}</p>
      {/* A plain link: a full reload runs the loader again. */}
      <a href={`${pathname}${search}`} className="btn-secondary mt-4 inline-flex">
        {t("actions.retry")}
      </a>
    </div>
  );
}

export function InstructorsLoading() {
  const { t } = useI18n();
  return (
    <div>
      <p role="status" className="text-center text-slate-600">
        {t("about.instructors.loading")}
      </p>
      <ul aria-hidden="true" className="mt-6 flex flex-wrap justify-center gap-3 sm:gap-6">
        {[0, 1, 2, 3].map((i) => (
          <li
            key={i}
            className={`${INSTRUCTOR_ITEM} flex animate-pulse flex-col items-center rounded-2xl border border-slate-200 p-3 motion-reduce:animate-none sm:p-6`}
          >
            <span className="size-24 rounded-full bg-slate-200 lg:size-32" />
            <span className="mt-4 h-5 w-3/4 rounded bg-slate-200" />
            <span className="mt-2 h-4 w-1/2 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** AboutPage about the organisation, its instructors as Person (name, jobTitle, photo, profiles). */
function AboutJsonLd({
  instructors,
  locale,
  brand,
  origin,
}: {
  instructors: PublicInstructor[];
  locale: Locale;
  brand: string;
  origin: string;
}) {
  const { t } = useI18n();
  const fallbackTitle = t("about.instructors.fallbackTitle");
  const employee = instructors.map((instructor) => {
    const view = localizeInstructor(instructor, locale, fallbackTitle);
    const sameAs = instructorLinks(instructor)
      .filter((l) => l.kind !== "email")
      .map((l) => l.href);
    return {
      "@type": "Person",
      name: view.name,
      jobTitle: view.title,
      ...(instructor.photoUrl ? { image: new URL(instructor.photoUrl, origin).toString() } : {}),
      ...(sameAs.length ? { sameAs } : {}),
    };
  });
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "AboutPage",
        name: t("about.metaTitle"),
        description: t("about.metaDescription"),
        url: localizedUrl(origin, "/about", locale),
        inLanguage: locale,
        mainEntity: {
          "@type": "EducationalOrganization",
          name: brand,
          url: origin,
          // No instructors yet (a new site): no empty list.
          ...(employee.length ? { employee } : {}),
        },
      }}
    />
  );
}
