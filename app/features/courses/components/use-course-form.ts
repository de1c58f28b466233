// The course form's Conform state: its values when it opens (a course's, or a new course's defaults) and
// its checks as you go.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { courseFormSchema, curriculumToText, type CoursesReply } from "../courses.schema.ts";
import type { AdminCourseDetail } from "../courses-admin.server.ts";

/** The course being edited, as the admin list loads it. */
export type CourseFormCourse = AdminCourseDetail;

export interface CourseFormOptionsView {
  instructors: { id: string; name: string; nameAr: string | null }[];
  categories: { id: string; name: string; nameAr: string | null }[];
  subcategories: { id: string; name: string; nameAr: string | null; categoryId: string; isActive: boolean }[];
}

/** The id a field's error message has, when it has one (for aria-describedby). */
export const errorId = (id: string, errors?: string[]) => (errors?.length ? `${id}-error` : undefined);

/** A field's initial value as the text a controlled input starts with. */
export const initialString = (value: unknown) => (typeof value === "string" ? value : "");

/** The Conform form of the course form: checked on blur, again on input once shown. */
export function useCourseForm({
  formId,
  intent,
  course,
  lastResult,
}: {
  formId: string;
  intent: "create" | "update";
  course: AdminCourseDetail | undefined;
  lastResult: CoursesReply["result"];
}) {
  return useForm({
    id: `course-form-${formId}`,
    lastResult,
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
}

/** The form's own metadata (its id) and its fields' metadata. */
export type CourseConformForm = ReturnType<typeof useCourseForm>[0];
export type CourseFormFields = ReturnType<typeof useCourseForm>[1];
