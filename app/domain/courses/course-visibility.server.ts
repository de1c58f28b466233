// Which courses a staff member may know of (issue 14, item 4; SPEC §6, D18). A draft exists only for
// staff who may publish courses (admins hold every permission) and for the one who created it (issue 36
// item 15, ADR 030: a manager's new draft stays in their list and can be edited until it is published).
// For everyone else it is not there at all: not listed, not counted, and not found by its id — every
// loader and action answers as for an unknown id (404, never 403: a refusal would confirm that the draft
// exists), and nothing changes.
//
// This is the one place of the rule. Every query that reads or writes courses for a staff member — the
// admin list, the edit data, update, delete, publish, the course's documents, the document file route
// and the dashboard counts — narrows `courses` with these helpers.
import { and, eq, or, type SQL } from "drizzle-orm";
import { courses } from "@db/schema/index.ts";
import { hasPermission, type Actor } from "~/lib/permissions.server.ts";

/** May this staff member know of draft courses? Only with courses:publish. */
export function seesDraftCourses(actor: Actor | null | undefined): boolean {
  return hasPermission(actor, "courses:publish");
}

/** The condition on `courses` for the rows this staff member may know of; undefined when they see all. */
export function visibleCourses(actor: Actor | null | undefined): SQL | undefined {
  if (seesDraftCourses(actor)) return undefined;
  return actor ? or(eq(courses.isPublished, true), eq(courses.createdBy, actor.id)) : eq(courses.isPublished, true);
}

/** One course by id, only if this staff member may know of it (no row otherwise: not found). */
export function visibleCourse(actor: Actor | null | undefined, courseId: string): SQL {
  const byId = eq(courses.id, courseId);
  return and(byId, visibleCourses(actor)) ?? byId;
}
