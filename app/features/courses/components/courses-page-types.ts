// The Admin Courses page's props (the route's loader data) and its URL dialog.
import type { UrlDialog } from "~/components/ui/url-dialog.tsx";
import type { Locale } from "~/lib/i18n.ts";
import type { ActorView } from "~/lib/permissions.ts";
import type { CoursesReply } from "../courses.schema.ts";
import type { getCourseFormOptions, listAdminCourses } from "../courses-admin.server.ts";
import type { CourseDialogState } from "../course-dialog.server.ts";

export interface CoursesPageProps {
  list: Awaited<ReturnType<typeof listAdminCourses>>;
  options: Awaited<ReturnType<typeof getCourseFormOptions>>;
  dialog: CourseDialogState;
  fromDashboard: boolean;
  actor: ActorView;
  actionData: CoursesReply | undefined;
  locale: Locale;
}

/** The page's dialogs (?dialog=create|edit|delete|runs&course=…). */
export type CoursesDialog = UrlDialog<"create" | "edit" | "delete" | "runs">;
