// A page only its link's holder may read (a student's enrollment page, a receipt; issue 37): never stored by
// a cache, never indexed, and its address (which carries the key to it) never sent on as a referrer.

/** The response headers of such a page. */
export const privatePageHeaders = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

/**
 * The site's Referrer-Policy sends the origin to other sites; such a page's links send nothing to them.
 * `same-origin`, not `no-referrer`: under `no-referrer` a browser posts the page's own forms (the proof of
 * payment) with `Origin: null`, which the cross-site check rightly refuses.
 */
export const PRIVATE_REFERRER_META = { name: "referrer", content: "same-origin" } as const;
