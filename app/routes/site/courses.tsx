import { withPublicStrings } from "~/lib/i18n-client.ts";
import { CatalogView } from "~/features/catalog/components/catalog-view.tsx";
import { CatalogError } from "~/features/catalog/components/catalog-error.tsx";
import { loadCatalogPage } from "~/features/catalog/catalog-page.server.ts";
import { catalogVariantOf } from "~/lib/catalog-links.ts";
import { pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/courses";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCatalogPage(request, context, catalogVariantOf(new URL(request.url).pathname));
}

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
// The enrollment dialog opens and closes by the fragment (#enroll=…): the page's data stays as it is.
export { shouldRevalidate } from "~/lib/hooks/use-fragment-dialog.ts";

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  return pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    origin: root.origin,
    path: loaderData.path,
    locale: root.locale,
    brand: root.brand,
    siteImage: root.shareImage,
    search: new URLSearchParams(loaderData.canonicalSearch),
    noindex: loaderData.noindex,
  });
};

export default function CatalogPage({ loaderData, matches }: Route.ComponentProps) {
  const root = matches[0].loaderData;
  return (
    <CatalogView
      // Another filter is another page: its state (the open filters panel) starts as a fresh load's would.
      key={JSON.stringify(loaderData.query)}
      variant={loaderData.variant}
      heading={loaderData.heading}
      result={loaderData.result}
      categories={root.categories}
      query={loaderData.query}
      locale={root.locale}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogError error={error} />;
}
