// /admin/courses — Admin Courses (SPEC §2 Admin Courses and the course form, §4 course publish, §5 Course,
// §6, §8; D2, D8, D18, D21, D22). Filters, sorting and paging live in the URL and run on the server;
// the dialogs are in the URL too (?dialog=create|edit|delete&course=…, and ?action=create from the
// dashboard), so every link works without JavaScript.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { CoursesPage } from "~/features/courses/components/courses-page.tsx";
import { resolveCourseDialog } from "~/features/courses/course-dialog.server.ts";
import { coursesAction } from "~/features/courses/courses-actions.server.ts";
import { getCourseFormOptions, listAdminCourses } from "~/features/courses/courses-admin.server.ts";
import { parseCourseQuery } from "~/features/courses/courses.schema.ts";
import { requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/courses";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "courses:view" });
  const params = new URL(request.url).searchParams;
  const view = toActorView(actor);
  const [list, options, { dialog, fromDashboard }] = await Promise.all([
    listAdminCourses(actor, parseCourseQuery(params)),
    getCourseFormOptions(actor),
    resolveCourseDialog(actor, view, params),
  ]);
  return {
    list,
    options,
    dialog,
    fromDashboard,
    actor: view,
    title: getInstance(context).t("coursesAdmin.metaTitle"),
    count: list.total,
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = (args: Route.ActionArgs) => coursesAction(args);

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function CoursesRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { title: _title, count: _count, ...page } = loaderData;
  return <CoursesPage {...page} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
