// Where an enrollment request came from (issue 19 point 10, docs/decisions/021-enrollment-sources.md):
// the site page the form was sent from, the visit's utm_* parameters and the referring site's host.
// First-party only: the landing page's values are kept in sessionStorage (it dies with the tab; no
// cookie, nothing shared across sites; app/lib/visit-capture.ts) and travel with the enrollment form as
// hidden fields.
//
// The server treats every one of these values as hostile: cleanVisitSource never throws and never
// refuses; what is not a plausible value becomes null, what is too long is cut.
import { UTM_PARAMS, VISIT_SOURCE_KEY } from "~/lib/visit-capture.ts";

export { captureVisitSource, UTM_PARAMS, VISIT_SOURCE_KEY } from "~/lib/visit-capture.ts";

/** The form's hidden field names, as stored (enrollments.source_page, utm_*, referrer_host). */
export const SOURCE_FIELDS = [
  "sourcePage",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "referrerHost",
] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];
export type VisitSource = Record<SourceField, string | null>;

type UtmField = keyof typeof UTM_PARAMS;
const UTM_FIELDS = Object.keys(UTM_PARAMS) as UtmField[];

/** The database's limits (migration 0013 checks them too). */
export const SOURCE_LIMITS = { utm: 100, page: 500, host: 253 } as const;

// C0 controls (NUL included), DEL, C1 controls, and the bidi embedding/override/isolate marks that could
// reorder what staff read in the details.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The first text of a form value (a repeated field arrives as a list), or null. */
function firstText(value: unknown): string | null {
  const v = Array.isArray(value) ? value.find((x) => typeof x === "string") : value;
  return typeof v === "string" ? v : null;
}

/** Control characters removed, trimmed, at most `max` UTF-16 units (never half a surrogate pair). */
function cleanText(value: unknown, max: number): string | null {
  const text = firstText(value)?.replace(CONTROL, "").trim();
  if (!text) return null;
  let cut = text.slice(0, max);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim() || null;
}

/** A utm_* value: plain text up to 100 characters. */
export function cleanUtm(value: unknown): string | null {
  return cleanText(value, SOURCE_LIMITS.utm);
}

/** A path on this site ("/ar/courses/x"): no scheme, no host, not "//" or "/\"; query and fragment dropped. */
export function cleanSourcePage(value: unknown): string | null {
  const text = firstText(value)?.replace(CONTROL, "").trim();
  if (!text || !text.startsWith("/") || text[1] === "/" || text[1] === "\\") return null;
  const path = text.split(/[?#]/, 1)[0]!;
  if (/\s/.test(path)) return null;
  return cleanText(path, SOURCE_LIMITS.page);
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A host name ("m.facebook.com"), lowercased, without a trailing dot; no port, no user, no spaces. */
export function cleanHost(value: unknown): string | null {
  const text = firstText(value)?.trim().toLowerCase().replace(/\.$/, "");
  if (!text || text.length > SOURCE_LIMITS.host) return null;
  return text.split(".").every((label) => LABEL.test(label)) ? text : null;
}

/** Every source field from untrusted input (a form's values); never throws. */
export function cleanVisitSource(raw: Partial<Record<string, unknown>>): VisitSource {
  const source = { sourcePage: cleanSourcePage(raw.sourcePage), referrerHost: cleanHost(raw.referrerHost) } as VisitSource;
  for (const field of UTM_FIELDS) source[field] = cleanUtm(raw[field]);
  return source;
}

/** The same-origin Referer's path (the page a no-JS form was posted from), or null. */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? cleanSourcePage(from.pathname) : null;
  } catch {
    return null;
  }
}

/** The utm_* values of a URL's query, as form fields (the no-JS enroll page renders them). */
export function utmFromSearch(search: string): Partial<Record<UtmField, string>> {
  const params = new URLSearchParams(search);
  const found: Partial<Record<UtmField, string>> = {};
  for (const field of UTM_FIELDS) {
    const v = cleanUtm(params.get(UTM_PARAMS[field]));
    if (v) found[field] = v;
  }
  return found;
}

/** The stored landing values as kept (a JSON text), or null: a stable snapshot for useSyncExternalStore. */
export function storedVisitSource(): string | null {
  try {
    return window.sessionStorage.getItem(VISIT_SOURCE_KEY);
  } catch {
    return null;
  }
}

/** The landing values kept by captureVisitSource (empty when none or unreadable). */
export function readVisitSource(stored: string | null = storedVisitSource()): Partial<Record<SourceField, string>> {
  try {
    const parsed: unknown = JSON.parse(stored ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const found: Partial<Record<SourceField, string>> = {};
    for (const field of SOURCE_FIELDS) {
      const v = (parsed as Record<string, unknown>)[field];
      if (typeof v === "string" && v) found[field] = v;
    }
    return found;
  } catch {
    return {};
  }
}
