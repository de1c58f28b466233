// <ImageUpload>: a course thumbnail or instructor photo. The chosen file is checked in the browser (SPEC
// messages), sent to /admin/uploads/image with real byte progress, then processed on the server (D15);
// the resulting URL goes into a hidden input named `name` ('' once removed: the server treats that as
// "remove"). Without JavaScript the current value is kept and a note says uploads need JavaScript.
import { ImageIcon, Loader2, Trash2, Upload } from "lucide-react";
import { useId } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { formatPercent } from "~/lib/format.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { FILE_BUTTON_CLASS, FILE_INPUT_CLASS, IMAGE_ACCEPT, type ImageKind } from "./upload-request.ts";
import { UploadProgressBar } from "./upload-progress.tsx";
import { useImageUpload } from "./use-image-upload.ts";

export interface ImageUploadProps {
  /** Name of the hidden input that carries the URL with the form. */
  name: string;
  kind: ImageKind;
  label: string;
  defaultUrl?: string | null;
  /** Defaults to the SPEC hint for thumbnails ('recommended 800x600, JPG/PNG/WebP') and photos. */
  hint?: string;
  /** Told when an upload starts and ends (a form may wait before saving). */
  onBusyChange?: (busy: boolean) => void;
  /** Told of every new value ('' when removed). */
  onChange?: (url: string) => void;
}

export function ImageUpload({ name, kind, label, defaultUrl, hint, onBusyChange, onChange }: ImageUploadProps) {
  const { t, i18n } = useI18n();
  const locale = i18n.language;
  const hydrated = useHydrated();
  const id = useId();
  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const { url, status, localPreview, onFile, onRemove } = useImageUpload({ kind, defaultUrl, onBusyChange, onChange });
  const busy = status.stage === "uploading" || status.stage === "processing";

  const shownHint = hint ?? t(kind === "thumbnail" ? "uploads.thumbnailHint" : "uploads.photoHint");
  const preview = localPreview ?? url;
  const percent = status.stage === "uploading" ? status.percent : status.stage === "processing" || status.stage === "done" ? 100 : 0;

  let statusText = "";
  if (status.stage === "uploading") statusText = t("uploads.stage.uploading", { file: status.fileName });
  else if (status.stage === "processing") statusText = t("uploads.stage.processing", { file: status.fileName });
  else if (status.stage === "done") statusText = t("uploads.stage.done", { file: status.fileName });
  else if (status.stage === "removed") statusText = t("uploads.imageRemoved");

  return (
    <div className="flex flex-col gap-2" data-uploading={busy || undefined}>
      <input type="hidden" name={name} value={url} />
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-4">
        <ImagePreview preview={preview} label={label} photo={kind === "photo"} busy={busy} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="relative flex flex-col">
            <input
              id={inputId}
              type="file"
              accept={IMAGE_ACCEPT}
              disabled={!hydrated || busy}
              onChange={(e) => void onFile(e)}
              aria-describedby={`${hintId} ${statusId}`}
              className={FILE_INPUT_CLASS}
            />
            <label htmlFor={inputId} className={FILE_BUTTON_CLASS}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {t(url ? "uploads.replaceImage" : "uploads.chooseImage")}
            </label>
          </div>
          <p id={hintId} className="text-xs text-slate-600">
            {shownHint}
          </p>
          {!hydrated && <p className="text-xs text-slate-700">{t("uploads.needsJavaScript")}</p>}
          {hydrated && url && !busy && (
            <div>
              <button
                type="button"
                onClick={onRemove}
                className="inline-flex items-center gap-1.5 rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t("uploads.removeImage")}
              </button>
            </div>
          )}
        </div>
      </div>
      {busy && (
        <UploadProgressBar
          label={t("uploads.progressLabel", { file: status.fileName })}
          percent={percent}
          valueText={status.stage === "processing" ? statusText : formatPercent(percent, locale)}
        />
      )}
      <p id={statusId} aria-live="polite" className="text-sm text-slate-700">
        {statusText}
        {status.stage === "uploading" && <span aria-hidden="true"> {formatPercent(percent, locale)}</span>}
      </p>
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {status.stage === "error" ? status.message : ""}
      </p>
    </div>
  );
}

/** The current image (or the chosen file while it uploads), or a placeholder; a spinner while busy. */
function ImagePreview({ preview, label, photo, busy }: { preview: string; label: string; photo: boolean; busy: boolean }) {
  const { t } = useI18n();
  const frame = photo ? "h-24 w-24 rounded-full" : "h-24 w-32 rounded-lg";
  return (
    <div
      className={`relative flex shrink-0 items-center justify-center overflow-hidden border border-slate-200 bg-slate-100 ${frame}`}
    >
      {preview ? (
        <img
          src={preview}
          alt={t("uploads.currentImage", { label })}
          width={photo ? 96 : 128}
          height={96}
          className={`h-full w-full object-cover ${busy ? "opacity-60" : ""}`}
        />
      ) : (
        <>
          <ImageIcon aria-hidden="true" className="h-8 w-8 text-slate-500" />
          <span className="sr-only">{t("uploads.noImage")}</span>
        </>
      )}
      {busy && (
        <Loader2 aria-hidden="true" className="absolute h-6 w-6 animate-spin text-teal-800 motion-reduce:animate-none" />
      )}
    </div>
  );
}
