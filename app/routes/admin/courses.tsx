// /admin/courses — Admin Courses (SPEC §2 Admin Courses and the course form, §4 course publish, §5 Course,
// §6, §8; D2, D8, D18, D21, D22). Filters, sorting and paging live in the URL and run on the server;
// the dialogs are in the URL too (?dialog=create|edit|delete&course=…, and ?action=create from the
// dashboard), so every link works without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { CoursesPage } from "~/features/courses/components/courses-page.tsx";
import { resolveCourseDialog } from "~/features/courses/course-dialog.server.ts";
import {
  createCourse,
  deleteCourse,
  getCourseFormOptions,
  listAdminCourses,
  setCoursePublished,
  setCoursesPublished,
  updateCourse,
} from "~/features/courses/courses-admin.server.ts";
import type { CoursesReply } from "~/features/courses/courses-reply.ts";
import { COURSE_ERRORS, COURSE_INTENT_SCHEMAS, isCourseIntent, parseCourseQuery } from "~/features/courses/courses.schema.ts";
import type { Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/courses";

export const handle = { permission: "courses:view" } satisfies { permission: Permission };

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
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function reply(value: CoursesReply, status = 200) {
  return data<CoursesReply>(value, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, { permission: "courses:view" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isCourseIntent(intent)) return reply({ intent: null, ok: false, messageKey: COURSE_ERRORS.invalidRequest }, 400);
  // The domain functions check the flag of each intent themselves (create, edit, delete, publish).

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: COURSE_INTENT_SCHEMAS[intent] });
    if (submission.status !== "success") {
      return reply({ intent, ok: false, result: submission.reply() }, 400);
    }
    const value = submission.value;
    const outcome = await adminAction(() =>
      value.intent === "update" ? updateCourse(actor, value.courseId, value) : createCourse(actor, value),
    );
    if (!("ok" in outcome)) {
      const { messageKey, fields } = outcome.data;
      const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) : undefined;
      return reply({ intent, ok: false, messageKey, result: submission.reply({ fieldErrors }) }, outcome.init?.status ?? 400);
    }
    const saved = outcome.value;
    return reply({
      intent,
      ok: true,
      courseId: saved.id,
      title: saved.title,
      published: saved.isPublished,
      result: submission.reply({ resetForm: true }),
    });
  }

  const submission = parseWithZod(formData, { schema: COURSE_INTENT_SCHEMAS[intent] });
  const courseId = typeof formData.get("courseId") === "string" ? String(formData.get("courseId")) : undefined;
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? COURSE_ERRORS.invalidRequest;
    return reply({ intent, ok: false, courseId, messageKey: first }, 400);
  }
  const value = submission.value;
  if (value.intent === "delete") {
    const outcome = await adminAction(() => deleteCourse(actor, value.courseId));
    if (!("ok" in outcome)) return reply({ intent, ok: false, courseId, messageKey: outcome.data.messageKey }, outcome.init?.status);
    return reply({ intent, ok: true, courseId, title: outcome.value.title });
  }
  if (value.intent === "togglePublish") {
    const outcome = await adminAction(() => setCoursePublished(actor, value.courseId, value.published));
    if (!("ok" in outcome)) return reply({ intent, ok: false, courseId, messageKey: outcome.data.messageKey }, outcome.init?.status);
    return reply({ intent, ok: true, courseId, title: outcome.value.title, published: outcome.value.isPublished });
  }
  const published = value.intent === "bulkPublish";
  const outcome = await adminAction(() => setCoursesPublished(actor, value.ids, published));
  if (!("ok" in outcome)) return reply({ intent, ok: false, messageKey: outcome.data.messageKey }, outcome.init?.status);
  return reply({ intent, ok: true, published, changed: outcome.value.changed });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function CoursesRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { title: _title, ...page } = loaderData;
  return <CoursesPage {...page} actionData={actionData as CoursesReply | undefined} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
