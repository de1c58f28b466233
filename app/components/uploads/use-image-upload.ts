// <ImageUpload>'s state: the current URL, the upload's stage and progress, and the local preview while a
// file is on its way.
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from "react";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { precheckImage, sendFile, uploadUrl, UploadFailure, type ImageKind, type RunningUpload, uploadedImage, type UploadedImage } from "./upload-request.ts";

export type ImageUploadStatus =
  | { stage: "idle" }
  | { stage: "uploading"; fileName: string; percent: number }
  | { stage: "processing"; fileName: string }
  | { stage: "done"; fileName: string }
  | { stage: "removed" }
  | { stage: "error"; message: string };

interface ImageUploadOptions {
  kind: ImageKind;
  defaultUrl?: string | null;
  onBusyChange?: (busy: boolean) => void;
  onChange?: (url: string) => void;
}

/** Checks a chosen file in the browser, sends it with progress, and keeps the URL the server answers. */
export function useImageUpload({ kind, defaultUrl, onBusyChange, onChange }: ImageUploadOptions) {
  const { t, i18n } = useI18n();
  const locale = i18n.language;
  const [url, setUrl] = useState(defaultUrl ?? "");
  const [status, setStatus] = useState<ImageUploadStatus>({ stage: "idle" });
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const running = useRef<RunningUpload<UploadedImage> | null>(null);
  const busy = status.stage === "uploading" || status.stage === "processing";

  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);
  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const failurePrefix = kind === "thumbnail" ? "uploads.imageFailed" : "uploads.uploadFailed";

  const setValue = useCallback(
    (next: string) => {
      setUrl(next);
      onChange?.(next);
    },
    [onChange],
  );

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Choosing the same file again must fire `change` again.
    input.value = "";
    if (!file) return;
    const problem = precheckImage(file, kind);
    if (problem) {
      setStatus({ stage: "error", message: t(problem) });
      return;
    }
    running.current?.abort();
    setLocalPreview(URL.createObjectURL(file));
    setStatus({ stage: "uploading", fileName: file.name, percent: 0 });
    const upload = sendFile(
      uploadUrl(ADMIN_PATH.imageUpload, { kind, lang: locale }),
      file,
      uploadedImage,
      {
        onProgress: (percent) => setStatus({ stage: "uploading", fileName: file.name, percent }),
        onProcessing: () => setStatus({ stage: "processing", fileName: file.name }),
      },
      { network: t("uploads.errors.network"), aborted: t("uploads.errors.interrupted") },
    );
    running.current = upload;
    try {
      const result = await upload.done;
      if (running.current !== upload) return;
      setValue(result.url);
      setStatus({ stage: "done", fileName: file.name });
    } catch (err) {
      if (running.current !== upload) return;
      const reason = err instanceof UploadFailure ? err.message : t("uploads.errors.saveFailed");
      setStatus({ stage: "error", message: t(failurePrefix, { reason }) });
    } finally {
      if (running.current === upload) running.current = null;
      setLocalPreview(null);
    }
  }

  function onRemove() {
    running.current?.abort();
    running.current = null;
    setValue("");
    setStatus({ stage: "removed" });
  }

  return { url, status, localPreview, busy, onFile, onRemove };
}
