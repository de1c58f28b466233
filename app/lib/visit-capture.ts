// The browser half of ADR 021, kept tiny because every page's entry loads it (JS budget): on the first
// page of a visit, the landing URL's utm_* and the referring site's host go to sessionStorage (this tab
// only, no cookie). Values are only shortened here; the server cleans everything it receives
// (app/domain/enrollments/visit-source.ts), so nothing here needs to be trusted.

/** The sessionStorage key of the landing values. */
export const VISIT_SOURCE_KEY = "visit-source";

/** Form field name → URL parameter of the five utm values. */
export const UTM_PARAMS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
} as const;

/** Keeps the landing values of this tab's visit once; later pages leave them as they are. Never throws. */
export function captureVisitSource(): void {
  try {
    const storage = window.sessionStorage;
    if (storage.getItem(VISIT_SOURCE_KEY) !== null) return;
    const params = new URLSearchParams(window.location.search);
    const found: Record<string, string> = {};
    for (const [field, param] of Object.entries(UTM_PARAMS)) {
      const value = params.get(param);
      if (value) found[field] = value.slice(0, 200);
    }
    const from = document.referrer ? new URL(document.referrer) : null;
    if (from && from.host !== window.location.host) found.referrerHost = from.hostname.slice(0, 253);
    storage.setItem(VISIT_SOURCE_KEY, JSON.stringify(found));
  } catch {
    // Storage refused (private mode, quota) or a malformed referrer: the request is recorded without it.
  }
}
