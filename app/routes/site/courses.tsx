import { withPublicStrings } from "~/lib/i18n-client.ts";
import { CatalogView } from "~/features/catalog/components/catalog-view.tsx";
import { CatalogError } from "~/features/catalog/components/catalog-error.tsx";
import { loadCatalogPage } from "~/features/catalog/catalog-page.server.ts";
import { pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/courses";

const VARIANTS = { "/courses": "all", "/english-courses": "en", "/arabic-courses": "ar" } as const;

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/$/, "") as keyof typeof VARIANTS;
  return loadCatalogPage(request, context, VARIANTS[path] ?? "all");
}

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  return pageMeta({
    title: loaderData.heading,
    description: loaderData.description,
    origin: root.origin,
    path: loaderData.path,
    locale: root.locale,
    brand: root.brand,
    localeInUrl: root.localeInUrl,
    search: new URLSearchParams(loaderData.canonicalSearch),
    noindex: loaderData.noindex,
  });
};

export default function CatalogPage({ loaderData, matches }: Route.ComponentProps) {
  const root = matches[0].loaderData;
  return (
    <CatalogView
      variant={loaderData.variant}
      heading={loaderData.heading}
      result={loaderData.result}
      categories={root.categories}
      query={loaderData.query}
      locale={root.locale}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogError />;
}
