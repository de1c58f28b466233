// The course form modal (SPEC §2 "Course form modal (Create/Edit)", §5 Course; D18, D21): every field of
// the SPEC form plus level and curriculum. With JavaScript it posts through a fetcher and checks as you
// go; without, it is a plain form (uploads need JavaScript; every other field works).
import { getFormProps } from "@conform-to/react";
import { FormStart } from "~/components/admin/form-kit.tsx";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";
import { type Locale } from "~/lib/i18n.ts";
import type { CoursesReply } from "../courses.schema.ts";
import { CourseFormBasics } from "./course-form-basics.tsx";
import { CourseFormCategory } from "./course-form-category.tsx";
import { CourseFormContent } from "./course-form-content.tsx";
import { CourseFormFiles } from "./course-form-files.tsx";
import { CourseFormHome, CourseFormPricing } from "./course-form-pricing.tsx";
import { useCourseForm, type CourseFormCourse, type CourseFormOptionsView } from "./use-course-form.ts";

export type { CourseFormCourse, CourseFormOptionsView } from "./use-course-form.ts";


export function CourseForm({
  course,
  options,
  canPublish,
  hydrated,
  locale,
  action,
  initialReply,
  onSuccess,
  runsHref,
}: {
  /** The course being edited; absent when creating. */
  course?: CourseFormCourse;
  options: CourseFormOptionsView;
  canPublish: boolean;
  hydrated: boolean;
  locale: Locale;
  /** Where the form posts (the page URL, so a no-JS reply renders in place). */
  action: string;
  initialReply?: CoursesReply;
  onSuccess: (reply: CoursesReply) => void;
  /** The course's runs sheet (editing only): the form links to it rather than holding the runs itself. */
  runsHref?: string;
}) {
  const { t } = useI18n();
  const editing = Boolean(course);
  const intent = editing ? "update" : "create";
  const { fetcher, form, fields, reply, busy } = useCourseForm({ intent, course, initialReply, onSuccess });
  // The version of the values the form opened with: page data that reloads while it is open (a colleague's
  // save) must not hand a newer version to older values (issue 35 item 6).
  const [openedVersion] = useState(course?.version);
  // Saving waits while a file is still uploading.
  const [imageBusy, setImageBusy] = useState(false);
  const [documentsBusy, setDocumentsBusy] = useState(false);
  const onImageBusy = useCallback((b: boolean) => setImageBusy(b), []);
  const onDocumentsBusy = useCallback((b: boolean) => setDocumentsBusy(b), []);
  const uploading = imageBusy || documentsBusy;

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="space-y-5" noValidate preventScrollReset>
      <FormStart form={form} reply={reply} hidden={{ intent, courseId: course?.id, version: course && (openedVersion ?? "") }} />
      {course && runsHref && (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-teal-50 p-3 text-sm text-teal-950">
          <span>{t("runsAdmin.intro")}</span>
          <Link to={runsHref} preventScrollReset className="btn-secondary inline-flex px-3 py-1.5 text-sm">
            {t("runsAdmin.open", { count: course.runCount })}
          </Link>
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <CourseFormBasics form={form} fields={fields} editing={editing} instructors={options.instructors} locale={locale} />
        <CourseFormCategory fields={fields} options={options} hydrated={hydrated} locale={locale} />
        <CourseFormPricing fields={fields} canPublish={canPublish} published={course?.isPublished} />
        <CourseFormHome fields={fields} />
        <CourseFormContent fields={fields} />
        <CourseFormFiles fields={fields} course={course} onImageBusy={onImageBusy} onDocumentsBusy={onDocumentsBusy} />
      </div>

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <DialogCancel label={t("coursesAdmin.form.cancel")} />
        <button type="submit" disabled={busy || uploading} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
          {busy ? t("coursesAdmin.form.saving") : editing ? t("coursesAdmin.form.update") : t("coursesAdmin.form.create")}
        </button>
      </div>
    </fetcher.Form>
  );
}
