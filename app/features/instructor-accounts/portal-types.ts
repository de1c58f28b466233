// What the instructor dashboard receives (no server imports: the components use these types too).

export interface PortalMaterial {
  id: string;
  fileName: string;
  fileType: string;
  /** The access-checked address (D8); never a public path. */
  url: string;
  mimeType: string;
}

export interface PortalCourse {
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  description: string | null;
  language: string;
  hours: number | null;
  price: number | null;
  isPublished: boolean;
  thumbnailUrl: string | null;
  materials: PortalMaterial[];
}

export interface InstructorPortal {
  instructor: { id: string; name: string; nameAr: string | null; title: string | null; titleAr: string | null };
  courses: PortalCourse[];
}
