// The catalogue view's props: which catalogue (all, English or Arabic courses), its result, the filter's
// categories and the URL's query.
import type { Locale } from "~/lib/i18n.ts";
import type { NavCategory } from "~/lib/site-layout.ts";
import type { listPublishedCourses } from "../catalog.server.ts";

export type CatalogVariant = "all" | "en" | "ar";

export interface CatalogViewProps {
  variant: CatalogVariant;
  heading: string;
  result: Awaited<ReturnType<typeof listPublishedCourses>>;
  categories: NavCategory[];
  query: { q?: string; category?: string; subcategory?: string; starts?: "soon" | "upcoming"; sort?: "start" };
  locale: Locale;
}
