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

/**
 * A run the instructor teaches (issue 20 point 6): of a course assigned to them, or given to them by the
 * run's own instructor. Dates, schedule, mode, status and how many students are approved: no student's
 * personal data.
 */
export interface PortalRun {
  id: string;
  courseId: string;
  courseTitle: string;
  startsAt: Date;
  endsAt: Date | null;
  schedule: string | null;
  scheduleAr: string | null;
  mode: string;
  location: string | null;
  locationAr: string | null;
  status: string;
  capacity: number | null;
  /** Approved requests (students enrolled). */
  approved: number;
}

export interface InstructorPortal {
  instructor: { id: string; name: string; nameAr: string | null; title: string | null; titleAr: string | null };
  courses: PortalCourse[];
  /** Runs not over yet (ending, or without an end starting, within PORTAL_RUNS_PAST_DAYS or later), soonest first. */
  runs: PortalRun[];
}

/** Runs stay listed this many days after they start (or end) — a run under way is still in the list. */
export const PORTAL_RUNS_PAST_DAYS = 7;
/** The most runs the portal lists. */
export const PORTAL_RUNS_MAX = 50;
