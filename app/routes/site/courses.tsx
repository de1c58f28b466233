import { CatalogView } from "~/features/catalog/components/catalog-view.tsx";
import { CatalogError } from "~/features/catalog/components/catalog-error.tsx";
import { loadCatalogPage } from "~/features/catalog/catalog-page.server.ts";
import { pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/courses";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCatalogPage(request, context, "all");
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  return pageMeta({
    title: loaderData.heading,
    description: loaderData.description,
    origin: root.origin,
    path: "/courses",
    locale: root.locale,
    brand: root.brand,
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
