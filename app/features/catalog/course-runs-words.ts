// The words of the course page's run list (issue 20), made on the server in the page's language
// (courseRunsWords in course-runs-page.server.ts) and placed by components/course-runs.tsx.
import type { RunMode } from "~/domain/runs/run-rules.ts";

/** One run as the course page says it, in the page's language. */
export interface RunWords {
  id: string;
  mode: RunMode;
  /** "Tue, January 12, 2027" */
  date: string;
  /** "7:00 PM (Cairo time)" */
  time: string;
  /** "Until Mar 2", or null without an end date. */
  ends: string | null;
  /** In the page's language, else the other ("" when none); shown with dir="auto". */
  schedule: string;
  /** "Live online", "Self-paced", "On-site". */
  modeText: string;
  /** An on-site run's place ("" otherwise). */
  location: string;
  /** "With ⁨Mona Adel⁩" when the run names its own instructor. */
  instructor: string | null;
  /** "Price for this date: ⁨EGP 2,500⁩" when it differs from the course's. */
  price: string | null;
  /** "3 seats left" only from the Settings threshold; "Full — waiting list" when full. */
  seats: string | null;
  full: boolean;
  /** "Choose this date" or "Join the waiting list", and the control's name with the date. */
  action: string;
  actionLabel: string;
}

export interface CourseRunsWords {
  title: string;
  intro: string;
  runs: RunWords[];
  /**
   * "Next start: Jan 12", the first run with a seat (the side panel and the phone bar); "Full — join the
   * waiting list" when every upcoming run is full; null without runs.
   */
  nextStart: string | null;
  /** Every upcoming run is full (issue 36 item 1). */
  allFull: boolean;
  /** The phone bar's shorter line under the price: `nextStart`, or "All dates are full" (its button says the rest). */
  barNote: string | null;
  /** The enroll button's words: "Enroll Now", or "Join the waiting list" when every run is full. */
  enroll: string;
  /** "Contact us for the next start date": a course without runs, when Settings says so. */
  contact: string | null;
}
