// Ordering of named lists (categories, subcategories) in the interface language (issue 13 point 7): the
// Arabic interface orders by the Arabic names with Arabic collation, the English one by the English
// names. Sorted here, in JavaScript, after the query: the database's collations differ between PGlite
// and PostgreSQL (ICU is not always there), while Intl.Collator is the same on the server and in the
// browser, so a server render and a client render put the items in the same order.
import { pickText, type Locale } from "./i18n.ts";

/** An item with an English name and an optional Arabic one (shown in Arabic when present). */
export interface LocalizedName {
  name: string;
  nameAr: string | null;
}

const collators = new Map<Locale, Intl.Collator>();

/** Arabic collation (`ar`) in Arabic, English collation otherwise; digits by value ("Level 2" < "Level 10"). */
export function nameCollator(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale === "ar" ? "ar" : "en", { numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/** The name as the interface shows it: the Arabic one in Arabic when there is one, else the English one. */
export function displayedName(item: LocalizedName, locale: Locale): string {
  return pickText({ en: item.name, ar: item.nameAr }, locale);
}

/**
 * Category slugs with their own catalogue pages (app/lib/catalog-links.ts): they keep their place at the
 * top of a category list, in this order, whatever their names.
 */
export const PINNED_CATEGORY_SLUGS: readonly string[] = ["all", "english", "arabic"];

function pinRank(slug: string | undefined): number {
  const rank = slug === undefined ? -1 : PINNED_CATEGORY_SLUGS.indexOf(slug);
  return rank === -1 ? PINNED_CATEGORY_SLUGS.length : rank;
}

/**
 * A copy of `items` in display order: an explicit sort order first (subcategories' `sortOrder`, lowest
 * first), then the displayed name with the interface language's collation, then the English name. Items
 * equal on all of these keep their order (Array.prototype.sort is stable).
 */
export function sortByName<T extends LocalizedName & { sortOrder?: number }>(items: readonly T[], locale: Locale): T[] {
  const collator = nameCollator(locale);
  return [...items].sort(
    (a, b) =>
      (a.sortOrder ?? 0) - (b.sortOrder ?? 0) ||
      collator.compare(displayedName(a, locale), displayedName(b, locale)) ||
      collator.compare(a.name, b.name),
  );
}

/** Categories in display order: the special catalogue entries first (PINNED_CATEGORY_SLUGS), then by name. */
export function sortCategories<T extends LocalizedName & { slug?: string }>(items: readonly T[], locale: Locale): T[] {
  const byName = sortByName(items, locale);
  return byName.sort((a, b) => pinRank(a.slug) - pinRank(b.slug));
}

/** Categories in display order, each with its subcategories in display order (sort order, then name). */
export function sortCategoryTree<
  S extends LocalizedName & { sortOrder?: number },
  T extends LocalizedName & { slug?: string; subcategories: readonly S[] },
>(items: readonly T[], locale: Locale): T[] {
  return sortCategories(items, locale).map((c) => ({ ...c, subcategories: sortByName(c.subcategories, locale) }));
}
