// The head of an admin page (issue 17 point 8): "<page> · <brand>", and for a list "<page> (<count>) ·
// <brand>", the count in the interface's digits (Western in Arabic too, D26); staff pages are never
// indexed. The brand is the site name from the settings, in the page's language (the root loader's).
import { useRouteLoaderData, type MetaDescriptor } from "react-router";
import { formatNumber } from "./format.ts";
import type { Locale } from "./i18n.ts";
import type { PageMetaArgs } from "./seo.ts";

/** What an admin page's loader answers for its head: its translated name and, for a list, how many rows. */
export interface AdminTitle {
  title: string;
  count?: number;
}

export function adminTitle(page: AdminTitle, brand: string, locale: Locale): string {
  const name = page.count === undefined ? page.title : `${page.title} (${formatNumber(page.count, locale)})`;
  return brand ? `${name} · ${brand}` : name;
}

/**
 * The meta function of every admin page. Without loader data (a refusal or an error) it names no title,
 * so the error view's own title stands (an empty one would win over it).
 */
export function adminMeta({ loaderData, matches }: PageMetaArgs<AdminTitle>): MetaDescriptor[] {
  const robots = { name: "robots", content: "noindex" };
  const root = matches[0]?.loaderData;
  if (!loaderData || !root) return [robots];
  return [{ title: adminTitle(loaderData, root.brand, root.locale) }, robots];
}

/** The branded title of a view that has no loader data of its own (a refusal, an error): "<title> · <brand>". */
export function useAdminTitle(title: string): string {
  const root = useRouteLoaderData<{ brand?: string; locale?: Locale }>("root");
  return adminTitle({ title }, root?.brand ?? "", root?.locale ?? "en");
}
