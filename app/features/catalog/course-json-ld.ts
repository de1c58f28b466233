// A course page's structured data (schema.org Course, as Google's "Course info" reads it), in the page's
// language: the provider and instructor names as the page shows them, the provider's description from
// Settings, its social profiles as `sameAs` (never the site itself). The offer follows the price shown:
// a visible price is a "Paid" offer with the price, no price (or 0) is "Free", and a hidden price ("Contact
// us for the price") is "Paid" without a price — never described as free.
// Issue 20: each upcoming run is a CourseInstance, made on the server (course-runs-json-ld.ts, so the
// page's JavaScript stays within budget) and passed in as `instances`; a course without upcoming runs keeps
// one instance without dates, as before.
import { pickText, type Locale } from "~/lib/i18n.ts";
import { localizedUrl, socialSameAs } from "~/lib/seo.ts";
import { courseHref } from "~/lib/catalog-links.ts";
import type { PublicSettings } from "~/lib/site-layout.ts";
import type { CourseDetail } from "./catalog.server.ts";

export interface CourseJsonLdInput {
  course: CourseDetail;
  locale: Locale;
  brand: string;
  origin: string;
  settings: Pick<PublicSettings, "brand" | "social">;
  /** Absolute or root-relative image URLs (the thumbnail, the sharing image). */
  images: string[];
  /** The upcoming runs as CourseInstances (runInstances in course-runs-json-ld.ts); none: one instance without dates. */
  instances?: Record<string, unknown>[];
}

/** The offer's pricing category and price, from what the page shows. */
export function courseOffer(course: Pick<CourseDetail, "price" | "priceVisible">): Record<string, unknown> {
  if (!course.priceVisible) return { category: "Paid" };
  if (course.price === null || course.price === 0) return { category: "Free", price: 0, priceCurrency: "EGP" };
  return { category: "Paid", price: course.price, priceCurrency: "EGP" };
}

export function courseJsonLd({
  course,
  locale,
  brand,
  origin,
  settings,
  images,
  instances = [],
}: CourseJsonLdInput): Record<string, unknown> {
  const url = localizedUrl(origin, courseHref(course.slug), locale);
  const sameAs = socialSameAs(settings.social, origin);
  const providerDescription = pickText(settings.brand.description, locale);
  const instructor = course.instructor
    ? { "@type": "Person", name: pickText({ en: course.instructor.name, ar: course.instructor.nameAr }, locale) }
    : null;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.summary || course.description || course.title,
    url,
    image: images.map((image) => new URL(image, origin).toString()),
    inLanguage: course.language,
    ...(course.level ? { educationalLevel: course.level } : {}),
    provider: {
      "@type": "Organization",
      name: brand,
      url: localizedUrl(origin, "/", locale),
      ...(providerDescription ? { description: providerDescription } : {}),
      ...(sameAs.length ? { sameAs } : {}),
    },
    offers: { "@type": "Offer", ...courseOffer(course), url },
    hasCourseInstance: instances.length
      ? instances
      : {
          "@type": "CourseInstance",
          courseMode: "Online",
          ...(course.hours ? { courseWorkload: `PT${course.hours}H` } : {}),
          ...(instructor ? { instructor } : {}),
        },
  };
}
