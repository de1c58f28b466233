// /:lang — the home page (SPEC §2 Home; issue 19 point 1): the hero, the featured courses, the category
// tiles, the key figures, the instructors strip and the way to the catalogue and WhatsApp. The data is read
// by features/home/home.server.ts; the sections are features/home/components.
import { useI18n } from "~/lib/use-i18n.ts";
import { SectionHeading } from "~/components/site/section-heading.tsx";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld.tsx";
import { KeyFigures } from "~/components/site/key-figures.tsx";
import { HomeCategories } from "~/features/home/components/home-categories.tsx";
import { HomeCourses } from "~/features/home/components/home-courses.tsx";
import { HomeCta } from "~/features/home/components/home-cta.tsx";
import { HomeInstructors } from "~/features/home/components/home-instructors.tsx";
import { HomeStartingSoon } from "~/features/home/components/home-starting-soon.tsx";
import { getHomeData } from "~/features/home/home.server.ts";
import { cardColumnsAt, getAboutFigures, toCard } from "~/features/catalog/catalog.server.ts";
import { requestVersion } from "~/lib/content-version.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { formatNumber } from "~/lib/format.ts";
import { pickText } from "~/lib/i18n.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { metaOf, socialSameAs } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  // One clock for every card's next start and the "Starting soon" row.
  const now = new Date();
  // The content-only sections are kept per content version (read once per request, shared with the root
  // loader); the cards do not wait for it.
  const version = requestVersion(context);
  const [home, figures] = await Promise.all([
    getHomeData({ columns: cardColumnsAt(now), toCard }, { now, version }),
    // As on About: figures that cannot be read leave their section out; they never break the page.
    version.then(getAboutFigures).catch((err: unknown) => {
      logger.error({ err }, "home: loading key figures failed");
      return null;
    }),
  ]);
  return { title: t("home.metaTitle"), description: t("home.metaDescription"), ...home, figures };
}

/** Client navigations also bring the public strings the first page did not load (cards, sections). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = metaOf("/");

const STEPS = ["one", "two", "three"] as const;

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const root = matches[0].loaderData;
  // Only what Settings hold: no empty list when no profile is set.
  const sameAs = socialSameAs(root.settings.social, root.origin);
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "EducationalOrganization",
          name: root.brand,
          url: root.origin,
          description: t("home.metaDescription"),
          ...(root.settings.contact.email ? { email: root.settings.contact.email } : {}),
          ...(root.settings.contact.phones?.[0] ? { telephone: root.settings.contact.phones[0] } : {}),
          ...(sameAs.length ? { sameAs } : {}),
        }}
      />
      <section className="bg-gradient-to-b from-teal-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold leading-tight text-teal-950 sm:text-5xl">
            {t("home.heroTitle")}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">{t("home.heroSubtitle")}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to={lp("/services")} className="btn-primary inline-flex">
              {t("home.exploreServices")}
            </Link>
            <Link to={lp("/contact")} className="btn-secondary inline-flex">
              {t("home.beginJourney")}
            </Link>
          </div>
        </div>
      </section>
      <HomeCourses courses={loaderData.courses} locale={root.locale} />
      <HomeStartingSoon courses={loaderData.startingSoon} locale={root.locale} />
      <HomeCategories categories={loaderData.categories} locale={root.locale} />
      {loaderData.figures && <KeyFigures figures={loaderData.figures} locale={root.locale} brand={root.brand} tone="dark" />}
      <HomeInstructors instructors={loaderData.instructors} locale={root.locale} />
      <section aria-labelledby="match-title" className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading id="match-title" title={t("home.matchTitle")} intro={t("home.matchIntro")} centered />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-teal-800 font-bold text-white"
              >
                {formatNumber(i + 1, root.locale)}
              </span>
              <h3 className="mt-4 text-xl font-semibold">{t(`home.steps.${step}Title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`home.steps.${step}Text`)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 text-center">
          <Link to={lp("/courses")} className="btn-secondary inline-flex">
            {t("home.browseCourses")}
          </Link>
        </div>
      </section>
      <HomeCta chatNumber={root.settings.contact.chatNumber} greeting={pickText(root.settings.contact.chatGreeting, root.locale)} />
    </>
  );
}
