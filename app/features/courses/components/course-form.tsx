// The course form modal (SPEC §2 "Course form modal (Create/Edit)", §5 Course; D18, D21): every field of
// the SPEC form plus level and curriculum. With JavaScript it posts through a fetcher and checks as you
// go; without, it is a plain form (uploads need JavaScript; every other field works).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { describedBy, FormAlert, useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { DocumentsUpload } from "~/components/uploads/documents-upload.tsx";
import { ImageUpload } from "~/components/uploads/image-upload.tsx";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { CoursesReply } from "../courses.schema.ts";
import type { AdminCourseDetail } from "../courses-admin.server.ts";
import {
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  COURSE_LIMITS,
  courseFormSchema,
  curriculumToText,
  shortId,
  slugFromTitle,
} from "../courses.schema.ts";

/** The course being edited, as the admin list loads it. */
export type CourseFormCourse = AdminCourseDetail;

export interface CourseFormOptionsView {
  instructors: { id: string; name: string; nameAr: string | null }[];
  categories: { id: string; name: string; nameAr: string | null }[];
  subcategories: { id: string; name: string; nameAr: string | null; categoryId: string; isActive: boolean }[];
}

const errorId = (id: string, errors?: string[]) => (errors?.length ? `${id}-error` : undefined);

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
  const fetcher = useFreshFetcher<CoursesReply>(`course-${intent}`);
  const reply = fetcher.data ?? (initialReply?.intent === intent ? initialReply : undefined);
  const formId = useId();
  // The version of the values the form opened with: page data that reloads while it is open (a colleague's
  // save) must not hand a newer version to older values (issue 35 item 6).
  const [openedVersion] = useState(course?.version);
  const [form, fields] = useForm({
    id: `course-form-${formId}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    defaultValue: course
      ? {
          intent,
          courseId: course.id,
          title: course.title,
          slug: course.slug,
          summary: course.summary ?? "",
          description: course.description ?? "",
          language: course.language,
          level: course.level ?? "",
          curriculum: curriculumToText(course.curriculum),
          instructorId: course.instructorId ?? "",
          categoryId: course.categoryId ?? "",
          subcategoryId: course.subcategoryId ?? "",
          hours: course.hours === null ? "" : String(course.hours),
          price: course.price === null ? "" : String(course.price),
          priceVisible: course.priceVisible,
          isPublished: course.isPublished,
          featured: course.featured,
          featuredOrder: course.featuredOrder === null ? "" : String(course.featuredOrder),
          outcomes: curriculumToText(course.outcomes),
          outcomesAr: curriculumToText(course.outcomesAr),
        }
      : { intent, language: "en", priceVisible: true, isPublished: false, featured: false },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: courseFormSchema }),
  });
  useOnSuccess(fetcher, onSuccess);
  const busy = fetcher.state !== "idle";
  // Saving waits while a file is still uploading.
  const [imageBusy, setImageBusy] = useState(false);
  const [documentsBusy, setDocumentsBusy] = useState(false);
  const onImageBusy = useCallback((b: boolean) => setImageBusy(b), []);
  const onDocumentsBusy = useCallback((b: boolean) => setDocumentsBusy(b), []);
  const uploading = imageBusy || documentsBusy;

  // Slug, category and subcategory are controlled: the slug follows the title while creating, and the
  // subcategory list follows the category.
  const initialString = (value: unknown) => (typeof value === "string" ? value : "");
  const [slug, setSlug] = useState(() => initialString(fields.slug.initialValue));
  const slugEdited = useRef(editing || initialString(fields.slug.initialValue) !== "");
  const fallbackId = useRef<string | null>(null);
  const [categoryId, setCategoryId] = useState(() => initialString(fields.categoryId.initialValue));
  const [subcategoryId, setSubcategoryId] = useState(() => initialString(fields.subcategoryId.initialValue));
  const subcategoryOptions = hydrated
    ? options.subcategories.filter((s) => s.categoryId === categoryId)
    : options.subcategories;

  const onTitleInput = (title: string) => {
    if (editing || slugEdited.current) return;
    fallbackId.current ??= shortId();
    setSlug(slugFromTitle(title, fallbackId.current));
  };
  const onCategoryChange = (next: string) => {
    setCategoryId(next);
    if (!options.subcategories.some((s) => s.id === subcategoryId && s.categoryId === next)) setSubcategoryId("");
  };

  const name = (v: { name: string; nameAr: string | null }) => pickText({ en: v.name, ar: v.nameAr }, locale);
  const categoryName = (id: string) => {
    const c = options.categories.find((x) => x.id === id);
    return c ? name(c) : "";
  };

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="space-y-5" noValidate preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {course && <input type="hidden" name="courseId" value={course.id} />}
      {course && <input type="hidden" name="version" value={openedVersion ?? ""} />}
      <FormAlert message={failureMessage(t, reply, locale)} />
      {course && runsHref && (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-teal-50 p-3 text-sm text-teal-950">
          <span>{t("runsAdmin.intro")}</span>
          <Link to={runsHref} preventScrollReset className="btn-secondary inline-flex px-3 py-1.5 text-sm">
            {t("runsAdmin.open", { count: course.runCount })}
          </Link>
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id={fields.title.id} label={t("coursesAdmin.form.title")} required errors={fields.title.errors}>
            <input
              {...getInputProps(fields.title, { type: "text" })}
              key={fields.title.key}
              maxLength={COURSE_LIMITS.title}
              dir="auto"
              onChange={(e) => onTitleInput(e.currentTarget.value)}
              className={inputClass}
              aria-describedby={errorId(fields.title.id, fields.title.errors)}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field
            id={fields.slug.id}
            label={t("coursesAdmin.form.slug")}
            required
            errors={fields.slug.errors}
            hint={t("coursesAdmin.form.slugHint")}
          >
            <input
              id={fields.slug.id}
              name={fields.slug.name}
              form={form.id}
              type="text"
              value={slug}
              onChange={(e) => {
                slugEdited.current = true;
                setSlug(e.currentTarget.value);
              }}
              maxLength={COURSE_LIMITS.slug}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              required
              className={`${inputClass} text-start font-mono`}
              aria-invalid={fields.slug.errors?.length ? true : undefined}
              aria-describedby={describedBy(`${fields.slug.id}-hint`, errorId(fields.slug.id, fields.slug.errors))}
            />
          </Field>
        </div>
        <Field id={fields.language.id} label={t("coursesAdmin.form.language")} required errors={fields.language.errors}>
          <select
            {...getSelectProps(fields.language)}
            key={fields.language.key}
            className={inputClass}
            aria-describedby={errorId(fields.language.id, fields.language.errors)}
          >
            <option value="">{t("coursesAdmin.form.selectLanguage")}</option>
            {COURSE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`coursesAdmin.languages.${l}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.instructorId.id} label={t("coursesAdmin.form.instructor")} errors={fields.instructorId.errors}>
          <select
            {...getSelectProps(fields.instructorId)}
            key={fields.instructorId.key}
            className={inputClass}
            aria-describedby={errorId(fields.instructorId.id, fields.instructorId.errors)}
          >
            <option value="">{t("coursesAdmin.form.noInstructor")}</option>
            {options.instructors.map((i) => (
              <option key={i.id} value={i.id}>
                {name(i)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.categoryId.id} label={t("coursesAdmin.form.category")} errors={fields.categoryId.errors}>
          <select
            id={fields.categoryId.id}
            name={fields.categoryId.name}
            form={form.id}
            value={categoryId}
            onChange={(e) => onCategoryChange(e.currentTarget.value)}
            className={inputClass}
            aria-invalid={fields.categoryId.errors?.length ? true : undefined}
            aria-describedby={errorId(fields.categoryId.id, fields.categoryId.errors)}
          >
            <option value="">{t("coursesAdmin.form.noCategory")}</option>
            {options.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {name(c)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.subcategoryId.id}
          label={t("coursesAdmin.form.subcategory")}
          errors={fields.subcategoryId.errors}
          hint={hydrated && !categoryId ? t("coursesAdmin.form.subcategoryHint") : undefined}
        >
          <select
            id={fields.subcategoryId.id}
            name={fields.subcategoryId.name}
            form={form.id}
            value={subcategoryId}
            onChange={(e) => setSubcategoryId(e.currentTarget.value)}
            disabled={hydrated && !categoryId}
            className={`${inputClass} disabled:bg-slate-100 disabled:text-slate-600`}
            aria-invalid={fields.subcategoryId.errors?.length ? true : undefined}
            aria-describedby={describedBy(
              hydrated && !categoryId && `${fields.subcategoryId.id}-hint`,
              errorId(fields.subcategoryId.id, fields.subcategoryId.errors),
            )}
          >
            <option value="">{t("coursesAdmin.form.noSubcategory")}</option>
            {subcategoryOptions.map((s) => (
              <option key={s.id} value={s.id}>
                {hydrated ? name(s) : `${categoryName(s.categoryId)} › ${name(s)}`}
                {s.isActive ? "" : ` (${t("coursesAdmin.form.inactive")})`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.hours.id} label={t("coursesAdmin.form.hours")} errors={fields.hours.errors}>
          {/* Text, not number: Arabic-Indic digits typed or pasted are accepted (D26; the schema reads them as 0–9). */}
          <input
            {...getInputProps(fields.hours, { type: "text" })}
            key={fields.hours.key}
            inputMode="numeric"
            className={inputClass}
            aria-describedby={errorId(fields.hours.id, fields.hours.errors)}
          />
        </Field>
        <Field id={fields.price.id} label={t("coursesAdmin.form.price")} errors={fields.price.errors} hint={t("coursesAdmin.form.priceHint")}>
          <input
            {...getInputProps(fields.price, { type: "text" })}
            key={fields.price.key}
            inputMode="decimal"
            className={inputClass}
            aria-describedby={describedBy(`${fields.price.id}-hint`, errorId(fields.price.id, fields.price.errors))}
          />
        </Field>
        <fieldset className="flex flex-col gap-3 sm:col-span-2">
          <legend className="sr-only">{t("coursesAdmin.form.visibility")}</legend>
          {canPublish ? (
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                {...getInputProps(fields.isPublished, { type: "checkbox" })}
                key={fields.isPublished.key}
                className="h-4 w-4 rounded border-slate-400 accent-teal-700"
              />
              {t("coursesAdmin.form.publish")}
            </label>
          ) : (
            <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
              {course?.isPublished ? t("coursesAdmin.form.publishLockedPublished") : t("coursesAdmin.form.publishLockedDraft")}
            </p>
          )}
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              {...getInputProps(fields.priceVisible, { type: "checkbox" })}
              key={fields.priceVisible.key}
              className="h-4 w-4 rounded border-slate-400 accent-teal-700"
            />
            {t("coursesAdmin.form.priceVisible")}
          </label>
        </fieldset>
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 sm:items-start">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t("coursesAdmin.form.home.legend")}</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              {...getInputProps(fields.featured, { type: "checkbox" })}
              key={fields.featured.key}
              className="h-4 w-4 rounded border-slate-400 accent-teal-700"
            />
            {t("coursesAdmin.form.home.featured")}
          </label>
          <Field
            id={fields.featuredOrder.id}
            label={t("coursesAdmin.form.home.order")}
            errors={fields.featuredOrder.errors}
            hint={t("coursesAdmin.form.home.orderHint")}
          >
            <input
              {...getInputProps(fields.featuredOrder, { type: "text" })}
              key={fields.featuredOrder.key}
              inputMode="numeric"
              className={inputClass}
              aria-describedby={describedBy(`${fields.featuredOrder.id}-hint`, errorId(fields.featuredOrder.id, fields.featuredOrder.errors))}
            />
          </Field>
        </fieldset>
        <div className="sm:col-span-2">
          <Field id={fields.summary.id} label={t("coursesAdmin.form.summary")} errors={fields.summary.errors}>
            <textarea
              {...getTextareaProps(fields.summary)}
              key={fields.summary.key}
              rows={2}
              maxLength={COURSE_LIMITS.summary}
              dir="auto"
              className={inputClass}
              aria-describedby={errorId(fields.summary.id, fields.summary.errors)}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id={fields.description.id} label={t("coursesAdmin.form.description")} errors={fields.description.errors}>
            <textarea
              {...getTextareaProps(fields.description)}
              key={fields.description.key}
              rows={5}
              maxLength={COURSE_LIMITS.description}
              dir="auto"
              className={inputClass}
              aria-describedby={errorId(fields.description.id, fields.description.errors)}
            />
          </Field>
        </div>
        <Field id={fields.level.id} label={t("coursesAdmin.form.level")} errors={fields.level.errors}>
          <select
            {...getSelectProps(fields.level)}
            key={fields.level.key}
            className={inputClass}
            aria-describedby={errorId(fields.level.id, fields.level.errors)}
          >
            <option value="">{t("coursesAdmin.form.noLevel")}</option>
            {COURSE_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`coursesAdmin.levels.${l}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">
          <Field
            id={fields.curriculum.id}
            label={t("coursesAdmin.form.curriculum")}
            errors={fields.curriculum.errors}
            hint={t("coursesAdmin.form.curriculumHint")}
          >
            <textarea
              {...getTextareaProps(fields.curriculum)}
              key={fields.curriculum.key}
              rows={5}
              dir="auto"
              className={inputClass}
              aria-describedby={describedBy(`${fields.curriculum.id}-hint`, errorId(fields.curriculum.id, fields.curriculum.errors))}
            />
          </Field>
        </div>
        <Field
          id={fields.outcomes.id}
          label={t("coursesAdmin.form.home.outcomes")}
          errors={fields.outcomes.errors}
          hint={t("coursesAdmin.form.home.outcomesHint", { count: COURSE_LIMITS.outcomesItems })}
        >
          <textarea
            {...getTextareaProps(fields.outcomes)}
            key={fields.outcomes.key}
            rows={5}
            dir="auto"
            lang="en"
            className={inputClass}
            aria-describedby={describedBy(`${fields.outcomes.id}-hint`, errorId(fields.outcomes.id, fields.outcomes.errors))}
          />
        </Field>
        <Field
          id={fields.outcomesAr.id}
          label={t("coursesAdmin.form.home.outcomesAr")}
          errors={fields.outcomesAr.errors}
          hint={t("coursesAdmin.form.home.outcomesHint", { count: COURSE_LIMITS.outcomesItems })}
        >
          <textarea
            {...getTextareaProps(fields.outcomesAr)}
            key={fields.outcomesAr.key}
            rows={5}
            dir="rtl"
            lang="ar"
            className={inputClass}
            aria-describedby={describedBy(`${fields.outcomesAr.id}-hint`, errorId(fields.outcomesAr.id, fields.outcomesAr.errors))}
          />
        </Field>
        <div className="sm:col-span-2">
          <ImageUpload
            name="thumbnailUrl"
            kind="thumbnail"
            label={t("coursesAdmin.form.thumbnail")}
            defaultUrl={course?.thumbnailUrl ?? undefined}
            onBusyChange={onImageBusy}
          />
          {fields.thumbnailUrl.errors?.length ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {t(fields.thumbnailUrl.errors[0]!)}
            </p>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <DocumentsUpload
            name="documents"
            defaultDocuments={course?.documents ?? []}
            legacyPdfUrl={course?.pdfUrl ?? undefined}
            label={t("coursesAdmin.form.documents")}
            onBusyChange={onDocumentsBusy}
          />
          {fields.documents.errors?.length ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {t(fields.documents.errors[0]!)}
            </p>
          ) : null}
        </div>
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
