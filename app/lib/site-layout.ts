// The data every public page's layout shows (the root loader reads it; the header, the menus and the
// footer in app/components/layout draw it): the course categories of the navigation and the public site
// settings. Types (and one default), so components name them without importing a feature.

/** A bilingual text as stored (either language may be missing). */
export type Bilingual = { en?: string; ar?: string };

export interface CourseRef {
  slug: string;
  name: string;
  nameAr: string | null;
}

export interface NavSubcategory extends CourseRef {
  /** The explicit order within the category (lowest first); lists then order by name (app/lib/collation.ts). */
  sortOrder: number;
}

export interface NavCategory {
  id: string;
  slug: string;
  name: string;
  nameAr: string | null;
  /** Active subcategories only, by sort order then (English) name; displays re-sort them by the displayed name. */
  subcategories: NavSubcategory[];
}

/** Cards show their enrolled count from this many approved enrollments when Settings has no value (issue 19). */
export const DEFAULT_ENROLLED_COUNT_FROM = 10;

export interface PublicSettings {
  brand: { name: Bilingual; description: Bilingual };
  contact: { address?: Bilingual; phones?: string[]; email?: string; chatNumber?: string; chatGreeting?: Bilingual };
  social: { facebook?: string; instagram?: string; linkedin?: string; tiktok?: string };
  /** Course cards: the enrolled count shows from `enrolledCountFrom` approved enrollments (0: never). */
  cards: { enrolledCountFrom: number };
}
