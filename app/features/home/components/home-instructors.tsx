import { Link } from "react-router";
import { SectionHeading } from "~/components/site/section-heading.tsx";
import { instructorBioId } from "~/components/site/instructor-bio-section.tsx";
import { InstructorName } from "~/components/site/instructor-name.tsx";
import { InstructorPhoto } from "~/components/site/instructor-photo.tsx";
import { localizeInstructor } from "~/components/site/instructor-view.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { HomeInstructor } from "../home.server.ts";

/** The instructors strip: photo (or initials), name and title, each leading to their bio on About. */
export function HomeInstructors({ instructors, locale }: { instructors: HomeInstructor[]; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  if (instructors.length === 0) return null;
  const fallbackTitle = t("homePage.instructors.fallbackTitle");
  return (
    <section aria-labelledby="home-instructors-title" className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
      <SectionHeading id="home-instructors-title" title={t("homePage.instructors.title")} intro={t("homePage.instructors.intro")} />
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {instructors.map((instructor) => {
          const view = localizeInstructor({ ...instructor, bioShort: null, bioShortAr: null }, locale, fallbackTitle);
          return (
            <li key={instructor.id} className="flex">
              <Link
                to={lp(`/about#${instructorBioId(instructor.id)}`)}
                className="flex w-full flex-col items-center rounded-2xl border border-slate-200 p-4 text-center transition hover:border-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
              >
                <InstructorPhoto src={instructor.photoUrl} alt="" size={80} lazy name={view.name} />
                <InstructorName
                  {...view}
                  nameClass="mt-3 block break-words font-semibold leading-snug text-slate-900"
                  titleClass="mt-1 block break-words text-sm text-slate-600"
                />
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-8 text-center">
        <Link to={lp("/about")} className="font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950">
          {t("homePage.instructors.all")}
        </Link>
      </div>
    </section>
  );
}
