import { Icon, type IconName } from "~/components/icons/icon.tsx";
import { formatFigure } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";

/** The provider's key figures (Settings' About figures and the published courses counted). */
export interface KeyFiguresData {
  yearsOfExperience: number;
  partners: number;
  students: number;
  availableCourses: number;
}

// Icons from the shared sprite: no per-icon JavaScript on About and Home, both near their JS budget.
const FIGURES: { key: keyof KeyFiguresData; icon: IconName }[] = [
  { key: "yearsOfExperience", icon: "award" },
  { key: "partners", icon: "handshake" },
  { key: "students", icon: "graduation-cap" },
  { key: "availableCourses", icon: "book-open" },
];

// The grid by the number of figures shown: as many columns as figures on laptops (two on phones), never
// wider than they need. Whole class names, so Tailwind sees them.
const GRID: Record<number, string> = {
  1: "max-w-xs lg:grid-cols-1",
  2: "max-w-2xl lg:grid-cols-2",
  3: "max-w-4xl lg:grid-cols-3",
  4: "lg:grid-cols-4",
};

/**
 * The key figures section of About (light) and Home (dark), with the strings in common.json (`figures`).
 * Each figure is shown as icon, number, label, while the DOM keeps the <dt> (label) before the <dd>
 * (number), so it reads "Satisfied students: 15,000+". "More than" figures get a '+'; the course count
 * is exact. A figure at 0 is not set (or nothing to show yet): it is left out, and the section too when
 * none is left (issue 33: a site without demo content starts with none). An odd last figure spans the
 * phone's two columns.
 */
export function KeyFigures({ figures, locale, brand, tone }: { figures: KeyFiguresData; locale: Locale; brand: string; tone: "light" | "dark" }) {
  const { t } = useI18n();
  const shown = FIGURES.filter(({ key }) => figures[key] > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="figures-title" className={tone === "dark" ? "bg-teal-900" : "bg-slate-50"}>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="figures-title" className={`text-center text-3xl font-bold ${tone === "dark" ? "text-white" : "text-teal-950"}`}>
          {t("figures.title", { brand })}
        </h2>
        <dl className={`mx-auto mt-10 grid grid-cols-2 gap-4 sm:gap-6 ${GRID[shown.length]}`}>
          {shown.map(({ key, icon }) => (
            <div
              key={key}
              className="flex flex-col-reverse items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 last:odd:col-span-2 lg:last:odd:col-span-1"
            >
              <dt className="mt-1 text-sm font-medium text-slate-600">{t(`figures.${key}`)}</dt>
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
