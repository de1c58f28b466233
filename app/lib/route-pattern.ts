// The route of a request as a metric label and a log level's input (issue 33 item 5). Labels must come from
// a small fixed set: a label per raw URL (every course slug, every made-up path a scanner tries) would grow
// the metrics without bound. So a path maps to its route's pattern when it is one of the site's routes
// (app/routes.ts), to its first segment for the static files, and to "other" for anything else.
import { ADMIN_PAGES } from "./admin-pages.ts";

/** Files served from disk or the bucket: their requests are logged at debug (a page pulls in dozens). */
export const STATIC_ROUTES: ReadonlySet<string> = new Set(["/assets", "/media", "/images", "/favicon"]);

/** Probes and scrapes: asked every few seconds by the load balancer or Prometheus, logged at debug too. */
export const PROBE_ROUTES: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

/** Static files under these first segments (build/client/assets, DATA_DIR uploads, public/images). */
const STATIC_SEGMENTS = new Set(["assets", "media", "images"]);

/** Routes of one segment that are themselves a label. */
const SINGLE = new Set([
  "healthz",
  "readyz",
  "metrics",
  "robots.txt",
  "sitemap.xml",
  "login",
  "logout",
  "forgot-password",
  "reset-password",
  "instructor-login",
  "instructor-dashboard",
  "instructor-logout",
]);

/** Routes of several segments, with `:name` for a parameter (app/routes.ts). */
const FIXED = ["/login/two-factor", "/api/language", "/files/documents/:id", "/og/courses/:file", "/og/site/:file"];

/** The public pages after the language segment (app/routes.ts, the `:lang` prefix). */
const PUBLIC = ["", "/about", "/services", "/contact", "/courses", "/english-courses", "/arabic-courses", "/courses/:slug", "/courses/:slug/enroll", "/enrollment/:reference"];

/** The admin area: every page of the one list, and the second segments they share for deeper paths. */
const ADMIN_PATHS = new Set<string>(ADMIN_PAGES.map((page) => page.path));
const ADMIN_SECTIONS = new Set(ADMIN_PAGES.map((page) => page.path.split("/")[2]).filter((s): s is string => Boolean(s)));

/** Whether the segments fit a pattern's: the same count, and equal wherever the pattern has no parameter. */
function fits(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split("/").slice(1);
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(":") || part === segments[i]);
}

function withoutData(segments: string[]): { segments: string[]; data: boolean } {
  const last = segments.at(-1);
  if (!last?.endsWith(".data")) return { segments, data: false };
  return { segments: [...segments.slice(0, -1), last.slice(0, -".data".length)], data: true };
}

function pattern(segments: readonly string[]): string {
  const [first = "", ...rest] = segments;
  if (first === "en" || first === "ar") {
    const found = PUBLIC.find((p) => fits(p, rest));
    return found === undefined ? "/{lang}/*" : `/{lang}${found}`;
  }
  if (STATIC_SEGMENTS.has(first)) return `/${first}`;
  if (/^favicon\.\w+$/.test(first) && rest.length === 0) return "/favicon";
  // Staff paths are matched in any letter case, as the router matches them (app/lib/locale-url.ts).
  const lower = segments.map((s) => s.toLowerCase());
  if (lower[0] === "admin") {
    const path = `/${lower.join("/")}`;
    if (ADMIN_PATHS.has(path)) return path;
    return lower[1] && ADMIN_SECTIONS.has(lower[1]) ? `/admin/${lower[1]}/*` : "/admin/*";
  }
  if (lower.length === 1 && SINGLE.has(lower[0]!)) return `/${lower[0]}`;
  return FIXED.find((p) => fits(p, lower)) ?? "other";
}

/**
 * The label of a request path (without its query): `/en/courses/intro-to-python` → `/{lang}/courses/:slug`,
 * `/assets/entry-abc.js` → `/assets`, `/admin/courses` → `/admin/courses`, `/wp-login.php` → `other`. A data
 * request of client navigation keeps its page's pattern with `.data` after it (`/{lang}/courses.data`).
 */
export function routePattern(path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return "other";
  if (path === "/") return "/";
  if (path === "/_root.data") return "/_root.data";
  const { segments, data } = withoutData(path.slice(1).split("/"));
  const found = pattern(segments);
  return data && found !== "other" ? `${found}.data` : found;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a label: the ones a site is asked with, anything else "other" (Node accepts ~30). */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "other";
}

/** `2xx`, `4xx`…: the histogram's label (a status each would multiply its buckets). */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}
