// Pure helpers for showing an instructor on the public site: the texts in the visitor's language and the
// contact links that really exist. Kept free of React so they are unit-tested directly.
import type { Locale } from "~/lib/i18n.ts";

/** The public fields of an instructor (the shape `listPublicInstructors` returns). */
export interface PublicInstructor {
  id: string;
  name: string;
  nameAr: string | null;
  title: string | null;
  titleAr: string | null;
  bioShort: string | null;
  bioShortAr: string | null;
  photoUrl: string | null;
  email: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
}

export interface LocalizedInstructor {
  name: string;
  title: string;
  /** null when there is no bio in a language the page may show ('No short bio available.'). */
  bio: string | null;
}

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * SPEC §3: in Arabic the Arabic variants are preferred, falling back to the main (English) fields; the
 * English page shows the main fields only. A missing title reads `fallbackTitle` ('Instructor', translated).
 */
export function localizeInstructor(
  instructor: Pick<PublicInstructor, "name" | "nameAr" | "title" | "titleAr" | "bioShort" | "bioShortAr">,
  locale: Locale,
  fallbackTitle: string,
): LocalizedInstructor {
  const ar = locale === "ar";
  const name = (ar ? clean(instructor.nameAr) : null) ?? clean(instructor.name) ?? clean(instructor.nameAr) ?? "";
  const title = (ar ? clean(instructor.titleAr) : null) ?? clean(instructor.title) ?? fallbackTitle;
  const bio = (ar ? clean(instructor.bioShortAr) : null) ?? clean(instructor.bioShort);
  return { name, title, bio };
}

export type InstructorLinkKind = "email" | "facebook" | "instagram" | "linkedin";

export interface InstructorLink {
  kind: InstructorLinkKind;
  href: string;
}

const EMAIL = /^[^\s@?&#/:]+@[^\s@?&#/:]+\.[^\s@?&#/:]+$/;

/** An absolute http(s) URL, or null (never a `javascript:` or relative link from stored data). */
function webUrl(value: string | null): string | null {
  const text = clean(value);
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Only the contact links the instructor really has, in a fixed order: email, Facebook, Instagram, LinkedIn. */
export function instructorLinks(
  instructor: Pick<PublicInstructor, "email" | "facebook" | "instagram" | "linkedin">,
): InstructorLink[] {
  const links: InstructorLink[] = [];
  const email = clean(instructor.email);
  if (email && EMAIL.test(email)) links.push({ kind: "email", href: `mailto:${email}` });
  for (const kind of ["facebook", "instagram", "linkedin"] as const) {
    const href = webUrl(instructor[kind]);
    if (href) links.push({ kind, href });
  }
  return links;
}
