import { Link } from "react-router";
import { SectionHeading } from "~/components/site/section-heading.tsx";
import { Icon } from "~/components/icons/icon.tsx";
import { categoryHref } from "~/lib/catalog-links.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { HomeCategory } from "../home.server.ts";

/** One tile per category with published courses: its name and count, linking to its catalogue. */
export function HomeCategories({ categories, locale }: { categories: HomeCategory[]; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="home-categories-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <SectionHeading id="home-categories-title" title={t("homePage.categories.title")} intro={t("homePage.categories.intro")} />
        <ul className="mt-8 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.id} className="flex">
              <Link
                to={lp(categoryHref(category.slug))}
                data-category-tile={category.slug}
                className="flex w-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-teal-700 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
              >
                <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-800">
                  <Icon name="book-open" className="h-6 w-6" />
                </span>
                <span className="min-w-0">
                  <span dir="auto" className="block break-words font-semibold leading-snug text-slate-900">
                    {pickText({ en: category.name, ar: category.nameAr }, locale)}
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{t("homePage.categories.count", { count: category.courseCount })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
