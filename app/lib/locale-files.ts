// Which locale files a page needs in the browser (the server always has all of them). Plain data, so
// `npm run budget` and its e2e check (scripts/js-budget.ts, tests/e2e/public-js.e2e.test.ts) read the same
// map the browser uses.

/** Locale files public pages use. Every other file (admin-*, auth, instructor, ...) is staff-only. */
export const PUBLIC_LOCALE_FILES = ["common", "catalog", "course-card", "forms", "contact", "about", "services", "home", "runs", "my-enrollment", "receipt", "my"] as const;

/**
 * What each public route needs besides `common`, by route id (app/routes.ts). The 404 needs only
 * `common`; home shows course cards (`course-card`, the cards' words apart from the catalogue's own) and its own sections (`home`); About and Services each
 * have their own file, so neither page carries the other's text; so do Contact and the enrollment form
 * (`contact`, `forms`: the enroll page is at its budget). Course runs' words (issue 20) reach
 * the pages ready-made by their loaders (card dates, the course page's run list, the enroll page's choices),
 * so no route needs `runs`; the enrollment dialog loads it with the other public files when it opens. The enrollment dialog, opened from catalogue and course pages, adds `forms` when it opens.
 * A string from a file missing here would differ between the server's HTML and the browser's first render.
 */
export const ROUTE_LOCALE_FILES: Readonly<Record<string, readonly string[]>> = {
  "routes/site/home": ["course-card", "home"],
  "routes/site/about": ["about"],
  "routes/site/services": ["services"],
  "routes/site/contact": ["contact"],
  "routes/site/courses": ["catalog", "course-card"],
  "english-courses": ["catalog", "course-card"],
  "arabic-courses": ["catalog", "course-card"],
  "routes/site/course": ["catalog", "course-card"],
  "routes/site/enroll": ["forms"],
  // "Send me my request's link", and the student's own enrollment page (issue 37 item 3).
  "routes/site/enrollment-find": ["contact"],
  "routes/site/enrollment": ["my-enrollment"],
  // A payment's receipt (issue 37 item 6).
  "routes/site/receipt": ["my-enrollment", "receipt"],
  // The student area (issue 38): its own few words; statuses come ready-made from the loader.
  "routes/site/my": ["my"],
  "routes/site/my-verify": ["my"],
  "routes/site/my-profile": ["my"],
};

/** The public locale files a page made of these routes loads: `common`, then each route's own. */
export function publicLocaleFilesFor(routeIds: Iterable<string>): string[] {
  const files = new Set<string>(["common"]);
  for (const id of routeIds) for (const file of ROUTE_LOCALE_FILES[id] ?? []) files.add(file);
  return [...files];
}
