// The sharing images: a course page's (issue 19 point 6) and the site's, one per language, for the other
// public pages (issue 36 item 9). Both are 1200×630 JPEGs, the size Facebook, WhatsApp, LinkedIn and X show
// large. Their URLs carry a version derived from what the image is made of (thumbnail and title; brand),
// so a changed thumbnail is a new URL. Shared by the page head (browser and server) and the
// route that serves the file (app/lib/og-image.server.ts makes it, once, and keeps it on disk).

export const OG_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** Bumped when the drawing changes, so every kept file is made again. */
export const OG_IMAGE_STYLE = 2;

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

/** The version of the site's sharing image in a language: changes with the brand's name and the drawing. */
export function siteOgImageVersion(locale: string, brand: string): string {
  return digest(JSON.stringify([OG_IMAGE_STYLE, "site", locale, brand]));
}

/** The path of the site's sharing image in a language: `/og/site/<locale>.jpg?v=<version>`. */
export function siteOgImagePath(locale: string, brand: string): string {
  return `/og/site/${locale}.jpg?v=${siteOgImageVersion(locale, brand)}`;
}

/** The site's sharing image in a language as a page head gives it (the root loader hands it to every page). */
export function siteShareImage(locale: string, brand: string) {
  return { image: siteOgImagePath(locale, brand), imageWidth: OG_IMAGE.width, imageHeight: OG_IMAGE.height, imageType: OG_IMAGE.type };
}
