import type { MetaDescriptor } from "react-router";
import { LOCALES, type Locale } from "./i18n.ts";
import { localePath } from "./locale-url.ts";

export interface SeoInput {
  /** Page title without the brand; the helper appends ' - {brand}'. */
  title: string;
  description: string;
  /** Absolute origin, e.g. https://example.com */
  origin: string;
  /** Path of the page without language and query string, e.g. /courses */
  path: string;
  locale: Locale;
  /**
   * Public pages (the default) have one URL per language: canonical to their own, alternates for each
   * language, and the URL without language (which redirects by the visitor's language) as x-default.
   * Staff pages (`false`) have one URL for both languages and no alternates.
   */
  localized?: boolean;
  brand: string;
  /** Extra query parameters that identify the page (kept in canonical and alternates). */
  search?: URLSearchParams;
  image?: string;
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  /** The image's MIME type (og:image:type), e.g. image/jpeg. */
  imageType?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /**
   * The site's card in the page's language (the root loader's `shareImage`), shared by a public page that
   * has no image of its own (issue 36 item 9). Made on the server, so the pages' JavaScript does not carry
   * how its URL is versioned.
   */
  siteImage?: SharedImage;
}

/** The absolute URL of a page in a language (D19 revised: `/ar/courses`); `null`: the URL without language. */
export function localizedUrl(origin: string, path: string, locale: Locale | null, search?: URLSearchParams): string {
  const url = new URL(locale ? localePath(locale, path) : path, origin);
  if (search) for (const [k, v] of search) if (k !== "lang") url.searchParams.append(k, v);
  return url.toString();
}

/** Serializes JSON-LD so it can never close the script element or start HTML. */
export function safeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export interface SharedImage {
  image: string;
  imageWidth?: number;
  imageHeight?: number;
  imageType?: string;
  imageAlt?: string;
}

/**
 * The page's sharing image: its own, or, for a public page without one (home, catalogues, About, Services,
 * Contact), the site's card in its language, so a link pasted into WhatsApp or Facebook shows a picture
 * (issue 36 item 9). Staff and noindex pages have none.
 */
function sharedImage(input: SeoInput, localized: boolean): SharedImage | null {
  if (input.image) return { ...input, image: input.image };
  if (!localized || input.noindex || !input.siteImage) return null;
  return { ...input.siteImage, imageAlt: input.brand };
}

/** One helper builds every page head: title, description, canonical, hreflang, Open Graph, Twitter. */
export function pageMeta(input: SeoInput): MetaDescriptor[] {
  const fullTitle = input.title ? `${input.title} - ${input.brand}` : input.brand;
  const localized = input.localized ?? true;
  const canonical = localizedUrl(input.origin, input.path, localized ? input.locale : null, input.search);
  const alternates: MetaDescriptor[] = localized
    ? [
        ...LOCALES.map((l) => ({
          tagName: "link",
          rel: "alternate",
          hrefLang: l,
          href: localizedUrl(input.origin, input.path, l, input.search),
        })),
        {
          tagName: "link",
          rel: "alternate",
          hrefLang: "x-default",
          href: localizedUrl(input.origin, input.path, null, input.search),
        },
      ]
    : [];
  const image = sharedImage(input, localized);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternates,
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.brand },
    { property: "og:locale", content: input.locale === "ar" ? "ar_EG" : "en_US" },
    { property: "og:locale:alternate", content: input.locale === "ar" ? "en_US" : "ar_EG" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: input.description },
  ];
  if (image) {
    const url = new URL(image.image, input.origin).toString();
    tags.push({ property: "og:image", content: url }, { name: "twitter:image", content: url });
    if (image.imageWidth) tags.push({ property: "og:image:width", content: String(image.imageWidth) });
    if (image.imageHeight) tags.push({ property: "og:image:height", content: String(image.imageHeight) });
    if (image.imageType) tags.push({ property: "og:image:type", content: image.imageType });
    if (image.imageAlt) tags.push({ property: "og:image:alt", content: image.imageAlt });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** What the root loader gives every page head. */
export interface RootMeta {
  origin: string;
  locale: Locale;
  brand: string;
  /** The site's sharing image in this language (app/lib/og-image.ts). */
  shareImage?: SharedImage;
}

/** The arguments React Router passes a page's meta function, as far as the page head needs them. */
export interface PageMetaArgs<D> {
  loaderData: D | undefined;
  matches: readonly [{ loaderData: RootMeta | undefined } | undefined, ...unknown[]];
}

/**
 * The meta function of a page whose loader answers its `title` and `description`: the page at `path`,
 * public by default; staff pages (`localized: false, noindex: true`) keep "noindex" even when the page
 * itself could not load.
 */
export function metaOf(path: string, options: Pick<SeoInput, "localized" | "noindex"> = {}) {
  return ({ loaderData, matches }: PageMetaArgs<{ title: string; description: string }>): MetaDescriptor[] => {
    const root = matches[0]?.loaderData;
    if (!root || !loaderData) return options.noindex ? [{ name: "robots", content: "noindex" }] : [];
    const { title, description } = loaderData;
    return pageMeta({ title, description, path, origin: root.origin, locale: root.locale, brand: root.brand, siteImage: root.shareImage, ...options });
  };
}

/**
 * The provider's profiles for JSON-LD `sameAs`: the social links from Settings that are absolute http(s)
 * URLs, never the site itself (`origin`), each once.
 */
export function socialSameAs(social: Partial<Record<string, string | undefined>>, origin: string): string[] {
  const own = new URL(origin).host;
  const out: string[] = [];
  for (const value of Object.values(social)) {
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      continue;
    }
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.host === own) continue;
    if (!out.includes(url.toString())) out.push(url.toString());
  }
  return out;
}
