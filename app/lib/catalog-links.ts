/**
 * Which catalogue a path shows: `/{lang}/english-courses` the English courses, `/{lang}/arabic-courses` the
 * Arabic ones, anything else all. Read from the last segment, so a document request and the `.data`
 * request of a client navigation (`/ar/arabic-courses.data`) always agree.
 */
export function catalogVariantOf(pathname: string): "all" | "en" | "ar" {
  const match = /^(?:\/(?:en|ar))?\/(english|arabic)-courses(?:\.data)?\/?$/.exec(pathname);
  return match ? (match[1] === "english" ? "en" : "ar") : "all";
}

/** SPEC: category slug 'all' → /courses, 'english' → /english-courses, 'arabic' → /arabic-courses, else a filter. */
export function categoryHref(slug: string): string {
  if (slug === "all") return "/courses";
  if (slug === "english") return "/english-courses";
  if (slug === "arabic") return "/arabic-courses";
  return `/courses?category=${encodeURIComponent(slug)}`;
}

export function subcategoryHref(slug: string): string {
  return `/courses?subcategory=${encodeURIComponent(slug)}`;
}

/**
 * For the menus' catalogue links (`/courses`, a language's catalogue, `categoryHref`, `subcategoryHref`, in
 * the page's language): whether a link is the list being shown, i.e. the same path, category and
 * subcategory (a search or another page of that list still is it). The location is read once per menu.
 */
export function catalogueMarker(pathname: string, search: string): (to: string) => boolean {
  const here = pathname.toLowerCase().replace(/(.)\/$/, "$1");
  const params = new URLSearchParams(search);
  const category = params.get("category");
  const subcategory = params.get("subcategory");
  return (to) => {
    const [path = "", query] = to.split("?");
    if (here !== path.toLowerCase()) return false;
    const link = new URLSearchParams(query);
    return link.get("category") === category && link.get("subcategory") === subcategory;
  };
}

export function courseHref(slug: string): string {
  return `/courses/${encodeURIComponent(slug)}`;
}

/** The chat link (WhatsApp) with a prefilled greeting; digits only in the number. */
export function chatHref(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(greeting)}`;
}
