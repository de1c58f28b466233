// The /admin/courses action: one intent each for the course form, delete, publish and the bulk bar. The
// domain functions check each intent's flag themselves (create, edit, delete, publish), so a refused
// intent answers inline on the page.
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { createCourse, deleteCourse, setCoursePublished, setCoursesPublished, updateCourse } from "./courses-admin.server.ts";
import {
  bulkPublishSchema,
  COURSE_ERRORS,
  type CourseIntent,
  type CourseReplyFields,
  createCourseSchema,
  deleteCourseSchema,
  togglePublishSchema,
  updateCourseSchema,
} from "./courses.schema.ts";

const bulk = (published: boolean) =>
  intent({
    schema: bulkPublishSchema,
    run: async ({ ids }, { actor }) => ({ published, changed: (await setCoursesPublished(actor, ids, published)).changed }),
  });

export const coursesAction = adminAction<CourseIntent, CourseReplyFields>({
  guard: { permission: "courses:view" },
  invalidKey: COURSE_ERRORS.invalidRequest,
  subject: (formData) => ({ courseId: formText(formData, "courseId") }),
  intents: {
    create: intent({
      schema: createCourseSchema,
      form: true,
      run: async (value, { actor }) => {
        const saved = await createCourse(actor, value);
        return { courseId: saved.id, title: saved.title, published: saved.isPublished };
      },
    }),
    update: intent({
      schema: updateCourseSchema,
      form: true,
      run: async (value, { actor }) => {
        const saved = await updateCourse(actor, value.courseId, value);
        return { courseId: saved.id, title: saved.title, published: saved.isPublished };
      },
    }),
    delete: intent({
      schema: deleteCourseSchema,
      run: async ({ courseId }, { actor }) => ({ courseId, title: (await deleteCourse(actor, courseId)).title }),
    }),
    togglePublish: intent({
      schema: togglePublishSchema,
      run: async ({ courseId, published }, { actor }) => {
        const saved = await setCoursePublished(actor, courseId, published);
        return { courseId, title: saved.title, published: saved.isPublished };
      },
    }),
    bulkPublish: bulk(true),
    bulkUnpublish: bulk(false),
  },
});
