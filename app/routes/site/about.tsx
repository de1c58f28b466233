import { withPublicStrings } from "~/lib/i18n-client.ts";
import {
  Award,
  BookOpen,
  BriefcaseBusiness,
  Compass,
  GraduationCap,
  Handshake,
  LifeBuoy,
  type LucideIcon,
} from "lucide-react";
import { Suspense } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Await, useLocation } from "react-router";
import { JsonLd } from "~/components/json-ld.tsx";
import { FeatureCard } from "~/components/site/feature-card.tsx";
import { FigureStat } from "~/components/site/figure-stat.tsx";
import { InstructorGrid } from "~/components/site/instructor-grid.tsx";
import {
  instructorLinks,
  localizeInstructor,
  formatFigure,
  type PublicInstructor,
} from "~/components/site/instructor-view.ts";
import { getAboutFigures, listPublicInstructors } from "~/features/catalog/catalog.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import { logger } from "~/lib/logger.server.ts";
import { localizedUrl, pageMeta } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/about";

type InstructorsResult = { ok: true; list: PublicInstructor[] } | { ok: false; list: [] };

/** How long the loader waits for the instructors before streaming them behind 'Loading instructors...'. */
const INSTRUCTORS_WAIT_MS = 250;
const PENDING = Symbol("pending");

/** The promise's value when it settles within `ms`, else PENDING. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | typeof PENDING> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof PENDING>((resolve) => (timer = setTimeout(resolve, ms, PENDING)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  // A failure shows the error state in the grid and is logged; it never breaks the page or fakes data.
  const instructorsPromise: Promise<InstructorsResult> = Promise.resolve()
    .then(listPublicInstructors)
    .then(
      (list): InstructorsResult => ({ ok: true, list }),
      (err: unknown): InstructorsResult => {
        logger.error({ err }, "about: loading instructors failed");
        return { ok: false, list: [] };
      },
    );
  let figures: Awaited<ReturnType<typeof getAboutFigures>> | null = null;
  try {
    figures = await getAboutFigures();
  } catch (err) {
    logger.error({ err }, "about: loading key figures failed");
  }
  // Usually the grid is ready at once and is rendered in the HTML (readable without JavaScript, no layout
  // shift). Only when the store is slow is it streamed, showing 'Loading instructors...' meanwhile.
  const settled = await settledWithin(instructorsPromise, INSTRUCTORS_WAIT_MS);
  const instructors = settled === PENDING ? instructorsPromise : settled;
  return { title: t("about.metaTitle"), description: t("about.metaDescription"), figures, instructors };
}

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  return pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    origin: root.origin,
    path: "/about",
    locale: root.locale,
    brand: root.brand,
  });
};

const FIGURES: { key: "yearsOfExperience" | "partners" | "students" | "availableCourses"; icon: LucideIcon }[] = [
  { key: "yearsOfExperience", icon: Award },
  { key: "partners", icon: Handshake },
  { key: "students", icon: GraduationCap },
  { key: "availableCourses", icon: BookOpen },
];

const HELP: { key: "holistic" | "experience" | "support"; icon: LucideIcon }[] = [
  { key: "holistic", icon: Compass },
  { key: "experience", icon: BriefcaseBusiness },
  { key: "support", icon: LifeBuoy },
];

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const root = matches[0].loaderData;
  const { locale, brand, origin } = root;
  const { figures, instructors } = loaderData;
  const { pathname, search } = useLocation();

  const renderInstructors = (result: InstructorsResult) =>
    result.ok ? (
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
  return (
    <>
      <section className="bg-gradient-to-b from-teal-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pb-12 pt-16 text-center sm:pt-24">
          <p className="text-sm font-semibold uppercase text-teal-700 ltr:tracking-wider">{t("about.eyebrow")}</p>
          <h1 className="mt-3 text-4xl font-bold leading-tight text-teal-950 sm:text-5xl">{t("about.headline")}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-700">{t("about.intro")}</p>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 p-8">
          <h2 className="text-2xl font-bold text-teal-950">{t("about.whoTitle")}</h2>
          <p className="mt-4 leading-relaxed text-slate-700">{t("about.whoText1", { brand })}</p>
          <p className="mt-3 leading-relaxed text-slate-700">{t("about.whoText2")}</p>
        </div>
        <div className="rounded-2xl bg-teal-900 p-8 text-white">
          <h2 className="text-2xl font-bold">{t("about.missionTitle")}</h2>
          <p className="mt-4 leading-relaxed text-teal-50">{t("about.missionText")}</p>
          <p className="mt-3 leading-relaxed text-teal-50">{t("about.visionText")}</p>
        </div>
      </section>

      {figures && (
        <section aria-labelledby="figures-title" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-14">
            <h2 id="figures-title" className="text-center text-3xl font-bold text-teal-950">
              {t("about.figures.title", { brand })}
            </h2>
            <dl className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
              {/* "More than" figures (years, partners, students) get a '+'; the course count is exact. */}
              {FIGURES.map(({ key, icon }) => (
                <FigureStat
                  key={key}
                  icon={icon}
                  label={t(`about.figures.${key}`)}
                  value={formatFigure(figures[key], locale, key !== "availableCourses")}
                />
              ))}
            </dl>
          </div>
        </section>
      )}

      <section aria-labelledby="instructors-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="instructors-title" className="text-center text-3xl font-bold text-teal-950">
          {t("about.instructors.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-slate-700">{t("about.instructors.intro")}</p>
        <div className="mt-10">
          {instructors instanceof Promise ? (
            <Suspense fallback={<InstructorsLoading />}>
              <Await resolve={instructors}>{renderInstructors}</Await>
            </Suspense>
          ) : (
            // Not wrapped in <Suspense> when ready: React would stream a large boundary after its fallback.
            renderInstructors(instructors)
          )}
        </div>
      </section>

      <section aria-labelledby="help-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="help-title" className="text-center text-3xl font-bold text-teal-950">
            {t("about.help.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-slate-700">{t("about.help.intro")}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {HELP.map(({ key, icon }) => (
              <li key={key}>
                <FeatureCard
                  icon={icon}
                  title={t(`about.help.${key}.title`)}
                  text={t(`about.help.${key}.text`)}
                  more={t(`about.help.${key}.more`)}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function InstructorsLoading() {
  const { t } = useI18n();
  return (
    <div>
      <p role="status" className="text-center text-slate-600">
        {t("about.instructors.loading")}
      </p>
      <ul aria-hidden="true" className="mt-6 flex flex-wrap justify-center gap-6">
        {[0, 1, 2].map((i) => (
          <li
            key={i}
            className="flex w-full animate-pulse flex-col items-center rounded-2xl border border-slate-200 p-6 motion-reduce:animate-none sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
          >
            <span className="h-32 w-32 rounded-full bg-slate-200" />
            <span className="mt-4 h-5 w-32 rounded bg-slate-200" />
            <span className="mt-2 h-4 w-24 rounded bg-slate-100" />
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
          employee: instructors.map((instructor) => {
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
          }),
        },
      }}
    />
  );
}
