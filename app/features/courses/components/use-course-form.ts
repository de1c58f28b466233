// The course form's state: the kit's dialog form (app/components/admin/form-kit.tsx) with its values when
// it opens (a course's, or a new course's defaults) and its checks as you go.
import { useDialogForm } from "~/components/admin/form-kit.tsx";
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

/** The form's values when it opens: the course's, or a new course's defaults. */
function courseDefaults(intent: "create" | "update", course: AdminCourseDetail | undefined) {
  if (!course) return { intent, language: "en", priceVisible: true, isPublished: false, featured: false };
  return {
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
  };
}

/** The course form's fetcher, Conform form and reply: checked on blur, again on input once shown. */
export function useCourseForm({
  intent,
  course,
  initialReply,
  onSuccess,
}: {
  intent: "create" | "update";
  course: AdminCourseDetail | undefined;
  initialReply: CoursesReply | undefined;
  onSuccess: (reply: CoursesReply) => void;
}) {
  return useDialogForm<CoursesReply, typeof courseFormSchema>({
    intent,
    schema: courseFormSchema,
    defaultValue: courseDefaults(intent, course),
    initialReply,
    onSuccess,
  });
}

/** The form's own metadata (its id) and its fields' metadata. */
export type CourseConformForm = ReturnType<typeof useCourseForm>["form"];
export type CourseFormFields = ReturnType<typeof useCourseForm>["fields"];
