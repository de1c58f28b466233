// The About page (SPEC §2 About): who we are, mission and vision, the key figures (Settings), the
// instructors (streamed only when the store is slow) and how we help. The route holds its loader.
import { Suspense } from "react";
import { SectionHeading } from "~/components/site/section-heading.tsx";
import { Await } from "react-router";
import { FeatureCard } from "~/components/site/feature-card.tsx";
import { KeyFigures } from "~/components/site/key-figures.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AboutFigures } from "../catalog.server.ts";
import { AboutInstructors, InstructorsLoading, type InstructorsResult } from "./about-instructors.tsx";

export type { InstructorsResult };

// Sprite icons: the page loads no lucide-react code for them (issue 20 point 2, JS budget).
const HELP = [
  { key: "holistic", icon: "compass" },
  { key: "experience", icon: "briefcase-business" },
  { key: "support", icon: "life-buoy" },
] as const;

export interface AboutPageProps {
  /** Null when they could not be loaded (logged): the section is left out. */
  figures: AboutFigures | null;
  /** Ready in the HTML, or a promise when the store was slow (streamed behind a placeholder). */
  instructors: InstructorsResult | Promise<InstructorsResult>;
  locale: Locale;
  brand: string;
  origin: string;
}

export function AboutPage({ figures, instructors, locale, brand, origin }: AboutPageProps) {
  const { t } = useI18n();
  const renderInstructors = (result: InstructorsResult) => <AboutInstructors result={result} locale={locale} brand={brand} origin={origin} />;
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

      {figures && <KeyFigures figures={figures} locale={locale} brand={brand} tone="light" />}

      <section aria-labelledby="instructors-title" className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading id="instructors-title" title={t("about.instructors.title")} intro={t("about.instructors.intro")} centered />
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
          <SectionHeading id="help-title" title={t("about.help.title")} intro={t("about.help.intro")} centered />
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
