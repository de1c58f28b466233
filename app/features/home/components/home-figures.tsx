import { Award, BookOpen, GraduationCap, Handshake, type LucideIcon } from "lucide-react";
import { FigureStat } from "~/components/site/figure-stat.tsx";
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

const FIGURES: { key: keyof HomeFiguresData; icon: LucideIcon }[] = [
  { key: "yearsOfExperience", icon: Award },
  { key: "partners", icon: Handshake },
  { key: "students", icon: GraduationCap },
  { key: "availableCourses", icon: BookOpen },
];

/** The key figures, as About shows them (Settings, and the published courses counted). */
export function HomeFigures({ figures, locale, brand }: { figures: HomeFiguresData | null; locale: Locale; brand: string }) {
  const { t } = useI18n();
  if (!figures) return null;
  return (
    <section aria-labelledby="home-figures-title" className="bg-teal-900">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="home-figures-title" className="text-center text-3xl font-bold text-white">
          {t("about.figures.title", { brand })}
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {/* "More than" figures get a '+'; the course count is exact. */}
          {FIGURES.map(({ key, icon }) => (
            <FigureStat key={key} icon={icon} label={t(`about.figures.${key}`)} value={formatFigure(figures[key], locale, key !== "availableCourses")} />
          ))}
        </dl>
      </div>
    </section>
  );
}
