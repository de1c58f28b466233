// The course form's files: the thumbnail and the documents, each with its field error.
import { DocumentsUpload } from "~/components/uploads/documents-upload.tsx";
import { ImageUpload } from "~/components/uploads/image-upload.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { CourseFormCourse, CourseFormFields } from "./use-course-form.ts";

interface CourseFormFilesProps {
  fields: CourseFormFields;
  course: CourseFormCourse | undefined;
  onImageBusy: (busy: boolean) => void;
  onDocumentsBusy: (busy: boolean) => void;
}

/** The uploads (they need JavaScript); each tells the form while it is busy, so saving waits. */
export function CourseFormFiles({ fields, course, onImageBusy, onDocumentsBusy }: CourseFormFilesProps) {
  const { t } = useI18n();
  return (
    <>
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
    </>
  );
}
