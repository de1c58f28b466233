import { Icon, type IconName } from "~/components/icons/icon.tsx";
import { formatFigure } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";

/** The catalogue's About figures (getAboutFigures). */
export interface HomeFiguresData {
  yearsOfExperience: number;
  partners: number;
  students: number;
  availableCourses: number;
}

// Icons from the shared sprite (no per-icon JavaScript on the home page, which is near its JS budget).
const FIGURES: { key: keyof HomeFiguresData; icon: IconName }[] = [
  { key: "yearsOfExperience", icon: "clock" },
  { key: "partners", icon: "users" },
  { key: "students", icon: "graduation-cap" },
  { key: "availableCourses", icon: "book-open" },
];

/** The key figures, as About shows them (Settings, and the published courses counted). */
export function HomeFigures({ figures, locale, brand }: { figures: HomeFiguresData | null; locale: Locale; brand: string }) {
  const { t } = useI18n();
  if (!figures) return null;
  return (
    <section aria-labelledby="home-figures-title" className="bg-teal-900">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="home-figures-title" className="text-center text-3xl font-bold text-white">
          {t("homePage.figures.title", { brand })}
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {/* "More than" figures get a '+'; the course count is exact. */}
          {FIGURES.map(({ key, icon }) => (
            // As About's FigureStat: shown icon, number, label; read "label: number" (<dt> before <dd>).
            <div key={key} className="flex flex-col-reverse items-center rounded-2xl bg-white p-6 text-center shadow-sm">
              <dt className="mt-1 text-sm font-medium text-slate-600">{t(`homePage.figures.${key}`)}</dt>
              <dd className="flex flex-col items-center text-3xl font-bold text-teal-900 sm:text-4xl">
                <Icon name={icon} className="mb-3 h-7 w-7 text-teal-700" />
                {formatFigure(figures[key], locale, key !== "availableCourses")}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
