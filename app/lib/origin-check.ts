// Cross-site form posts are refused before anything reads them (CSRF; issue 14 item 9). A browser names
// the page a request comes from in `Origin`; when it leaves `Origin` out, `Sec-Fetch-Site` and `Referer`
// still say whether the request is cross-site. Requests without any of them (curl, server-to-server)
// pass: the session cookie is SameSite=Lax, so a browser would not send it cross-site anyway.

export interface RequestOriginHeaders {
  origin?: string | null;
  secFetchSite?: string | null;
  referer?: string | null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether a state-changing request comes from another site than one of `ours` (origins). */
export function isCrossSiteRequest(headers: RequestOriginHeaders, ours: readonly string[]): boolean {
  if (headers.origin) return !ours.includes(headers.origin);
  if (headers.secFetchSite?.trim().toLowerCase() === "cross-site") return true;
  if (headers.referer) {
    const from = originOf(headers.referer);
    return from === null || !ours.includes(from);
  }
  return false;
}
