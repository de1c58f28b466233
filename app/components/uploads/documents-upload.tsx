// <DocumentsUpload>: a course's PDF documents. Several files may be chosen; each is checked in the
// browser and uploaded one by one to /admin/uploads/document with real byte progress (D15); a failure
// shows as '{file}: {reason}'. The list travels with the form as JSON in a hidden input named `name`
// ([{ id?, key, fileName, fileType, size }]); documents are private (D8): a saved one opens in the
// view-only viewer ('View', loaded on demand) from /files/documents/:id; without JavaScript its name
// links there.
import { Eye, FileText, Loader2, Trash2, Upload } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { LazyDocumentViewer } from "~/components/document-viewer/lazy.tsx";
import { mimeTypeForDocumentLabel } from "~/components/document-viewer/mime.ts";
import { formatFileSize, formatPercent } from "~/lib/format.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { DOCUMENT_ACCEPT, FILE_BUTTON_CLASS, FILE_INPUT_CLASS } from "./upload-request.ts";
import { UploadProgressBar } from "./upload-progress.tsx";
import { useDocumentsUpload, type CurrentUpload, type DocumentValue } from "./use-documents-upload.ts";

export type { DocumentValue } from "./use-documents-upload.ts";

export interface DocumentsUploadProps {
  name: string;
  defaultDocuments?: readonly DocumentValue[];
  /** A course's legacy single PDF: shown with the notice that saving moves it to the documents. */
  legacyPdfUrl?: string | null;
  label?: string;
  onBusyChange?: (busy: boolean) => void;
}

function legacyName(url: string): string {
  try {
    const last = new URL(url, "http://x").pathname.split("/").pop() ?? "";
    return decodeURIComponent(last) || url;
  } catch {
    return url;
  }
}

export function DocumentsUpload({ name, defaultDocuments = [], legacyPdfUrl, label, onBusyChange }: DocumentsUploadProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const id = useId();
  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  const { documents, current, queued, errors, announcement, busy, onFiles, remove, setForStudents } = useDocumentsUpload(defaultDocuments, onBusyChange);

  return (
    <div className="flex flex-col gap-2" data-uploading={busy || undefined}>
      <input type="hidden" name={name} value={JSON.stringify(documents)} />
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label ?? t("uploads.documentsLabel")}
      </label>
      <div className="relative flex flex-col">
        <input
          id={inputId}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          disabled={!hydrated || busy}
          onChange={(e) => void onFiles(e)}
          aria-describedby={hintId}
          className={FILE_INPUT_CLASS}
        />
        <label htmlFor={inputId} className={FILE_BUTTON_CLASS}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          {t("uploads.chooseDocuments")}
        </label>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t("uploads.documentsHint")} {t("uploads.forStudentsHint")}
      </p>
      {!hydrated && <p className="text-xs text-slate-700">{t("uploads.needsJavaScript")}</p>}

      {legacyPdfUrl && (
        <p className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            {t("uploads.legacyPdf")}: <bdi>{legacyName(legacyPdfUrl)}</bdi>
          </span>
        </p>
      )}

      {current && <UploadStatus current={current} queued={queued} />}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div role="alert">
        {errors.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm text-red-700">
            {errors.map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </ul>
        )}
      </div>

      <DocumentsList documents={documents} hydrated={hydrated} busy={busy} onRemove={remove} onForStudents={setForStudents} />
    </div>
  );
}

/** The file uploading: its stage and percentage, its progress bar, and the files queued after it. */
function UploadStatus({ current, queued }: { current: NonNullable<CurrentUpload>; queued: string[] }) {
  const { t, i18n } = useI18n();
  const locale = i18n.language;
  return (
    <div className="flex flex-col gap-1">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin text-teal-800 motion-reduce:animate-none" />
        <span>
          {t(current.stage === "uploading" ? "uploads.stage.uploading" : "uploads.stage.processing", { file: current.fileName })}
        </span>
        {current.stage === "uploading" && <span aria-hidden="true">{formatPercent(current.percent, locale)}</span>}
      </p>
      <UploadProgressBar
        label={t("uploads.progressLabel", { file: current.fileName })}
        percent={current.percent}
        valueText={
          current.stage === "processing"
            ? t("uploads.stage.processing", { file: current.fileName })
            : formatPercent(current.percent, locale)
        }
      />
      {queued.length > 0 && (
        <ul className="text-xs text-slate-600">
          {queued.map((file, i) => (
            <li key={`${file}-${i}`}>{t("uploads.stage.queued", { file })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The documents (or "no documents"): each with its size, View (saved ones) and Remove; the viewer when one is viewed. */
function DocumentsList({
  documents,
  hydrated,
  busy,
  onRemove,
  onForStudents,
}: {
  documents: DocumentValue[];
  hydrated: boolean;
  busy: boolean;
  onRemove: (index: number) => void;
  onForStudents: (index: number, forStudents: boolean) => void;
}) {
  const { t, i18n } = useI18n();
  const locale = i18n.language;
  const [viewing, setViewing] = useState<(DocumentValue & { id: string }) | null>(null);
  return (
    <>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">{t("uploads.noDocuments")}</p>
      ) : (
        <ul aria-label={t("uploads.documentsList")} className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {documents.map((doc, index) => (
            <li key={doc.id ?? doc.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-600" />
              <span className="min-w-0 flex-1 truncate">
                {doc.id && !hydrated ? (
                  <a
                    href={`/files/documents/${doc.id}`}
                    target="_blank"
                    rel="noopener"
                    className="text-teal-800 underline-offset-2 hover:underline"
                  >
                    <bdi>{doc.fileName}</bdi>
                  </a>
                ) : (
                  <bdi>{doc.fileName}</bdi>
                )}
              </span>
              <span className="shrink-0 text-xs text-slate-600">{doc.size > 0 ? formatFileSize(doc.size, locale) : doc.fileType}</span>
              {/* Issue 38 item 4: confirmed students of the course may open it in their area. */}
              <label className="inline-flex min-h-8 shrink-0 items-center gap-1.5 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={doc.forStudents ?? false}
                  disabled={!hydrated || busy}
                  onChange={(e) => onForStudents(index, e.target.checked)}
                  data-for-students={doc.fileName}
                  className="h-4 w-4 accent-teal-700"
                />
                {t("uploads.forStudents")}
              </label>
              {hydrated && doc.id && (
                <button
                  type="button"
                  onClick={() => setViewing({ ...doc, id: doc.id! })}
                  aria-label={t("documentViewer.viewFile", { file: doc.fileName })}
                  className="inline-flex shrink-0 items-center gap-1 rounded px-2 py-1 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
                >
                  <Eye aria-hidden="true" className="h-4 w-4" />
                  {t("documentViewer.view")}
                </button>
              )}
              {hydrated && (
                <button
                  type="button"
                  onClick={() => onRemove(index)}
                  disabled={busy}
                  aria-label={t("uploads.removeDocument", { file: doc.fileName })}
                  className="shrink-0 rounded p-1.5 text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800 disabled:opacity-60"
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      {viewing && (
        <Suspense fallback={null}>
          <LazyDocumentViewer
            url={`/files/documents/${encodeURIComponent(viewing.id)}`}
            name={viewing.fileName}
            mimeType={mimeTypeForDocumentLabel(viewing.fileType)}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
