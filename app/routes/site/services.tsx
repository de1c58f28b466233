import { withPublicStrings } from "~/lib/i18n-client.ts";
import { SectionHeading } from "~/components/site/section-heading.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld.tsx";
import { FeatureCard } from "~/components/site/feature-card.tsx";
import { localizedUrl, metaOf } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/services";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { title: t("services.metaTitle"), description: t("services.metaDescription") };
}

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = metaOf("/services");

// Sprite icons: the page loads no lucide-react code for them.
const SERVICES = [
  { key: "online", icon: "monitor-play" },
  { key: "instructors", icon: "users" },
  { key: "certification", icon: "award" },
  { key: "flexible", icon: "calendar-clock" },
] as const;

export default function Services({ matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { locale, brand, origin } = matches[0].loaderData;
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "WebPage",
          name: t("services.metaTitle"),
          description: t("services.metaDescription"),
          url: localizedUrl(origin, "/services", locale),
          inLanguage: locale,
          about: {
            "@type": "EducationalOrganization",
            name: brand,
            url: origin,
            hasOfferCatalog: {
              "@type": "OfferCatalog",
              name: t("services.offerTitle"),
              itemListElement: SERVICES.map(({ key }) => ({
                "@type": "Offer",
                itemOffered: {
                  "@type": "Service",
                  name: t(`services.items.${key}.title`),
                  description: t(`services.items.${key}.text`),
                },
              })),
            },
          },
        }}
      />
      <section className="bg-gradient-to-b from-teal-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pb-12 pt-16 text-center sm:pt-24">
          <p className="text-sm font-semibold uppercase text-teal-700 ltr:tracking-wider">{t("services.eyebrow")}</p>
          <h1 className="mt-3 text-4xl font-bold leading-tight text-teal-950 sm:text-5xl">{t("services.tagline")}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-700">
            {t("services.intro", { brand })}
          </p>
        </div>
      </section>

      <section aria-labelledby="offer-title" className="mx-auto max-w-6xl px-4 py-12">
        <SectionHeading id="offer-title" title={t("services.offerTitle")} centered />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map(({ key, icon }) => (
            <li key={key}>
              <FeatureCard
                icon={icon}
                title={t(`services.items.${key}.title`)}
                text={t(`services.items.${key}.text`)}
                more={t(`services.items.${key}.more`)}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="match-tagline" className="px-4 pb-20 pt-6">
        <div className="mx-auto max-w-5xl rounded-3xl bg-teal-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="match-tagline" className="text-3xl font-bold leading-tight">
            {t("services.matchTagline")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-teal-50">{t("services.matchText")}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link
              to={lp("/courses")}
              className="inline-flex items-center justify-center rounded-lg bg-white px-5 py-3 font-semibold text-teal-900 shadow-sm hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t("services.browseCourses")}
            </Link>
            <Link
              to={lp("/contact")}
              className="inline-flex items-center justify-center rounded-lg border border-white px-5 py-3 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t("services.talkToAdvisor")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
