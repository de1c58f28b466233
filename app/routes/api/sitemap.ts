import { listSitemapCatalogues, listSitemapCourses } from "~/features/catalog/course-runs-page.server.ts";
import { categoryHref, courseHref, subcategoryHref } from "~/lib/catalog-links.ts";
import { env } from "~/lib/env.server.ts";
import { LOCALES } from "~/lib/i18n.ts";
import { localizedUrl } from "~/lib/seo.ts";

const STATIC_PATHS = ["/", "/about", "/services", "/contact", "/courses", "/english-courses", "/arabic-courses"];

function xmlEscape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Every public page, category page and published course, once per language, each with its hreflang alternates. A course's
 * `lastmod` is the latest change among the course and its runs (issue 20: a new date is a change).
 */
export async function loader() {
  const origin = env().PUBLIC_URL;
  const [courses, catalogues] = await Promise.all([listSitemapCourses(), listSitemapCatalogues()]);
  const categoryPaths = [...catalogues.categories.map(categoryHref), ...catalogues.subcategories.map(subcategoryHref)];
  const pages: { path: string; lastmod?: Date }[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categoryPaths.filter((path) => !STATIC_PATHS.includes(path)).map((path) => ({ path })),
    ...courses.map((c) => ({ path: courseHref(c.slug), lastmod: c.lastmod })),
  ];
  const urls = pages.flatMap(({ path, lastmod }) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map(
          (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(localizedUrl(origin, path, l))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(localizedUrl(origin, path, null))}"/>`,
      ].join("");
      const last = lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : "";
      return `<url><loc>${xmlEscape(localizedUrl(origin, path, locale))}</loc>${last}${alternates}</url>`;
    }),
  );
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400",
    },
  });
}
