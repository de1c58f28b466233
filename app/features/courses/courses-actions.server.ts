// The /admin/courses action: one intent each for the course form, delete, publish and the bulk bar, and
// for a course's runs (add, edit, status, delete, and the message to a run's students: preview, send).
// The domain functions check each intent's flag themselves (create, edit, delete, publish; runs need
// courses:edit, the message enrollments:edit), so a refused intent answers inline on the page.
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { createRun, deleteRun, previewRunMessage, sendRunMessage, setRunStatus, updateRun } from "./course-runs-admin.server.ts";
import {
  createRunSchema,
  deleteRunSchema,
  previewRunMessageSchema,
  runStatusSchema,
  sendRunMessageSchema,
  updateRunSchema,
} from "./course-runs.schema.ts";
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
  subject: (formData) => ({ courseId: formText(formData, "courseId"), runId: formText(formData, "runId") }),
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
    createRun: intent({
      permission: "courses:edit",
      schema: createRunSchema,
      form: true,
      run: async ({ courseId, ...value }, { actor }) => ({ courseId, runId: (await createRun(actor, courseId, value)).id }),
    }),
    updateRun: intent({
      permission: "courses:edit",
      schema: updateRunSchema,
      form: true,
      run: async ({ runId, ...value }, { actor }) => ({ runId: (await updateRun(actor, runId, value)).id }),
    }),
    setRunStatus: intent({
      permission: "courses:edit",
      schema: runStatusSchema,
      run: async ({ runId, status }, { actor }) => ({ runId, runStatus: (await setRunStatus(actor, runId, status)).status }),
    }),
    deleteRun: intent({
      permission: "courses:edit",
      schema: deleteRunSchema,
      run: async ({ runId }, { actor }) => ({ runId: (await deleteRun(actor, runId)).id }),
    }),
    // The preview keeps what was typed (reset: false), so "Send" posts the same text.
    previewRunMessage: intent({
      permission: "enrollments:edit",
      schema: previewRunMessageSchema,
      form: true,
      reset: false,
      writes: false,
      run: async ({ runId, ...message }, { actor }) => previewRunMessage(actor, runId, message),
    }),
    sendRunMessage: intent({
      permission: "enrollments:edit",
      schema: sendRunMessageSchema,
      form: true,
      run: async ({ runId, ...message }, { actor }) => sendRunMessage(actor, runId, message),
    }),
  },
});
