// The sharing image of a course page (issue 19 point 6): a 1200×630 JPEG, the size Facebook, WhatsApp,
// LinkedIn and X show large. Its URL carries a version derived from what the image is made of (thumbnail
// and title), so a changed thumbnail is a new URL. Shared by the page head (browser and server) and the
// route that serves the file (app/lib/og-image.server.ts makes it, once, and keeps it on disk).

export const OG_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** Bumped when the drawing changes, so every kept file is made again. */
export const OG_IMAGE_STYLE = 1;

/** What one course's sharing image is made of. */
export interface OgImageSource {
  slug: string;
  title: string;
  thumbnailUrl: string | null;
}

/** A short, stable digest (FNV-1a, 32 bits, base 36): a cache version, not a security measure. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The version of a course's sharing image: changes whenever its thumbnail or title change. */
export function ogImageVersion(source: OgImageSource): string {
  return digest(JSON.stringify([OG_IMAGE_STYLE, source.slug, source.thumbnailUrl ?? "", source.title]));
}

/** The path of a course's sharing image: `/og/courses/<slug>.jpg?v=<version>`. */
export function ogImagePath(source: OgImageSource): string {
  return `/og/courses/${encodeURIComponent(source.slug)}.jpg?v=${ogImageVersion(source)}`;
}
