// Which dialog the admin courses page opens, from its URL (?dialog=create|edit|delete|runs&course=…, and
// ?action=create from the dashboard): resolved on the server, so every link works without JavaScript.
// The runs sheet (?dialog=runs&course=…) has views of its own: &runView=new|edit|delete|cancel|message
// and &run=<id>; a view the actor may not use shows the list.
import { data } from "react-router";
import { isAppError } from "~/lib/errors.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import { getCourseForEdit, getVisibleCourse, type AdminCourseDetail } from "./courses-admin.server.ts";
import { listCourseRuns, type AdminCourseRuns, type AdminRunRow } from "./course-runs-admin.server.ts";
import { RUN_VIEWS, type RunView } from "./course-runs.schema.ts";
import { isOneOf } from "~/lib/validation.ts";

export type CourseDialogState =
  | { kind: "create" }
  | { kind: "edit"; course: AdminCourseDetail }
  | { kind: "delete"; course: { id: string; title: string } }
  | { kind: "runs"; course: AdminCourseRuns["course"]; runs: AdminRunRow[]; view: RunView | null; run: AdminRunRow | null }
  | null;

/** The runs sheet's view, when the actor may use it (changes: courses:edit; the message: enrollments:edit). */
function runView(view: ActorView, params: URLSearchParams, runs: AdminRunRow[]): { view: RunView | null; run: AdminRunRow | null } {
  const asked = params.get("runView");
  if (!isOneOf(asked, RUN_VIEWS)) return { view: null, run: null };
  if (asked === "message" ? !can(view, "enrollments:edit") : !can(view, "courses:edit")) return { view: null, run: null };
  if (asked === "new") return { view: asked, run: null };
  const run = runs.find((r) => r.id === params.get("run")) ?? null;
  return run ? { view: asked, run } : { view: null, run: null };
}

/** Runs a domain read; its "not found" becomes the route's 404 (the admin error view shows it). */
async function notFoundAs404<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw data({ reason: "notFound" }, { status: 404 });
    throw err;
  }
}

/** The dialog the URL asks for, when the actor may open it; `fromDashboard`: closing returns to /admin. */
export async function resolveCourseDialog(
  actor: Actor,
  view: ActorView,
  params: URLSearchParams,
): Promise<{ dialog: CourseDialogState; fromDashboard: boolean }> {
  // SPEC: ?action=create opens the form directly (given create permission); closing returns to /admin.
  const fromDashboard = params.get("action") === "create" && can(view, "courses:create");
  const kind = fromDashboard ? "create" : params.get("dialog");
  const courseId = params.get("course");
  let dialog: CourseDialogState = null;
  if (kind === "create" && can(view, "courses:create")) dialog = { kind: "create" };
  // A course the actor may not know of — an unknown id, or a draft without courses:publish — answers the
  // same for both, so nothing tells a draft from nothing (issue 14): the edit dialog is a 404 page; the
  // delete dialog stays shut (the list reloads on that URL right after a successful delete).
  if (kind === "edit" && courseId !== null) {
    const course = await notFoundAs404(() => getVisibleCourse(actor, courseId));
    if (can(view, "courses:edit")) dialog = { kind: "edit", course: await notFoundAs404(() => getCourseForEdit(actor, course.id)) };
  }
  if (kind === "delete" && courseId !== null && can(view, "courses:delete")) {
    const course = await getVisibleCourse(actor, courseId).catch((err: unknown) => {
      if (isAppError(err) && err.code === "not_found") return null;
      throw err;
    });
    if (course) dialog = { kind: "delete", course: { id: course.id, title: course.title } };
  }
  if (kind === "runs" && courseId !== null) {
    const sheet = await notFoundAs404(() => listCourseRuns(actor, courseId));
    dialog = { kind: "runs", course: sheet.course, runs: sheet.runs, ...runView(view, params, sheet.runs) };
  }
  return { dialog, fromDashboard: fromDashboard && dialog?.kind === "create" };
}
