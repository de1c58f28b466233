// The one spelling of a public page's URL (issue 34 item 8). React Router decodes a path before it matches
// it (in any letter case) and URLSearchParams decodes a query, so `/en/courses/python%2Dprogramming-basics`,
// `/en/COURSES/python-programming-basics` and `/en/courses?category=%74echnology` all render the page of
// their plain spelling: each one more address for search engines and one more entry for a cache keyed by
// URL. Slugs are lower-case Latin letters, digits and hyphens (app/lib/slug.ts; a CHECK constraint in
// db/schema/catalog.ts holds every stored one to it), and so is every segment of a public path
// (`/ar/english-courses`, `/en/courses/<slug>/enroll`): none needs a percent-escape or has an upper-case
// letter, so the one spelling is plain and lower case (`/en/courses/Python-Programming-Basics`, a 404
// before, now leads to the course). The course and catalogue loaders answer 301 to it; the page cache
// keys only URLs already spelled so (app/lib/public-cache.server.ts).
import { redirect } from "react-router";
import { safeRedirect } from "./safe-redirect.ts";
import { SLUG_PATTERN } from "./slug.ts";

/** Query parameters whose value is a slug: the catalogue's filters. Any other parameter is kept as sent. */
const SLUG_PARAMS = new Set(["category", "subcategory"]);

/** `decodeURIComponent`, or null for a malformed escape (such a URL is left to the router, which refuses it). */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * A text as a slug is written, or null when it does not read as one. Only A-Z are lowered: Unicode's own
 * lower-casing turns a few other letters into Latin ones (the Kelvin sign into `k`), a different word.
 */
function asSlug(text: string | null): string | null {
  if (text === null) return null;
  const slug = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return SLUG_PATTERN.test(slug) ? slug : null;
}

/**
 * The path with every segment as a slug and no trailing slash, or null when a segment is not a slug once
 * decoded (`/en/courses/café`): nothing to rewrite, the loader answers 404 for it.
 */
function canonicalPath(pathname: string): string | null {
  const segments = pathname.split("/").slice(1);
  if (segments.length > 1 && segments.at(-1) === "") segments.pop();
  const spelled = segments.map((segment) => asSlug(decoded(segment)));
  return spelled.every((segment) => segment !== null) ? `/${spelled.join("/")}` : null;
}

/** One `name=value` of the query: a filter's value as a slug (decoded, trimmed as the schema trims it); others as sent. */
function canonicalPair(pair: string): string {
  const eq = pair.indexOf("=");
  if (eq === -1) return pair;
  const name = decoded(pair.slice(0, eq).replaceAll("+", " "));
  if (name === null || !SLUG_PARAMS.has(name)) return pair;
  const value = asSlug(decoded(pair.slice(eq + 1).replaceAll("+", " "))?.trim() ?? null);
  return value === null ? pair : `${name}=${value}`;
}

/**
 * The canonical spelling (`/path?query`) of a public page's URL, or null when the URL already is it (or
 * cannot be read as one). The path's segments are slugs, lower case, without percent-escapes or a trailing
 * slash; `category` and `subcategory` values likewise. Other parameters, their order and spelling are kept.
 * A `.data` request (a client navigation: `/en/courses.data`, `/en/courses/_.data` for `/en/courses/`)
 * answers with its page's URL, without the router's `_routes` parameter.
 */
export function canonicalPublicUrl(requestUrl: string | URL): string | null {
  const url = new URL(requestUrl);
  const dataRequest = url.pathname.endsWith(".data");
  const page = dataRequest ? url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "") : url.pathname;
  const path = canonicalPath(page);
  if (path === null) return null;
  const sent = url.search ? url.search.slice(1).split("&") : [];
  const pairs = dataRequest ? sent.filter((pair) => pair.split("=")[0] !== "_routes") : sent;
  const spelled = pairs.map(canonicalPair);
  if (path === page && spelled.every((pair, i) => pair === pairs[i])) return null;
  return `${path}${spelled.length ? `?${spelled.join("&")}` : ""}`;
}

/** Throws the 301 to the canonical spelling of the request's URL when it is spelled otherwise (loaders of public pages). */
export function redirectToCanonicalUrl(request: Request): void {
  const canonical = canonicalPublicUrl(request.url);
  if (canonical) throw redirect(safeRedirect(canonical), 301);
}
