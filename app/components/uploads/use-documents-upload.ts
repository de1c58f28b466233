// <DocumentsUpload>'s state: the list of documents, the file uploading (and those queued after it), the
// failures and what a screen reader is told.
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { precheckDocument, sendFile, uploadUrl, UploadFailure, type RunningUpload, uploadedDocument, type UploadedDocument } from "./upload-request.ts";

/** A document of the list, as it travels with the form. */
export interface DocumentValue {
  /** Set for documents already saved with the course. */
  id?: string;
  key: string;
  fileName: string;
  fileType: string;
  size: number;
  /** Shown to the course's confirmed students in their area (issue 38 item 4). */
  forStudents?: boolean;
}

/** The file being sent, at which stage and how far; null when nothing is. */
export type CurrentUpload = { fileName: string; stage: "uploading" | "processing"; percent: number } | null;

/** Checks the chosen files in the browser and uploads them one by one, adding each to the list once saved. */
export function useDocumentsUpload(defaultDocuments: readonly DocumentValue[], onBusyChange: ((busy: boolean) => void) | undefined) {
  const { t, i18n } = useI18n();
  const locale = i18n.language;
  const [documents, setDocuments] = useState<DocumentValue[]>(() => [...defaultDocuments]);
  const [current, setCurrent] = useState<CurrentUpload>(null);
  const [queued, setQueued] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const running = useRef<RunningUpload<UploadedDocument> | null>(null);
  const cancelled = useRef(false);
  const busy = current !== null;

  useEffect(
    () => () => {
      cancelled.current = true;
      running.current?.abort();
    },
    [],
  );
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const reasonFor = (file: string, reason: string) => t("uploads.fileReason", { file, reason });

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = "";
    if (files.length === 0 || busy) return;
    const failures: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const problem = precheckDocument(file);
      if (problem) failures.push(reasonFor(file.name, t(problem)));
      else accepted.push(file);
    }
    setErrors(failures);
    setQueued(accepted.map((f) => f.name));
    // One by one (SPEC §5): the next starts when the previous is done or failed.
    for (const file of accepted) {
      if (cancelled.current) return;
      setQueued((q) => q.slice(1));
      setCurrent({ fileName: file.name, stage: "uploading", percent: 0 });
      setAnnouncement(t("uploads.stage.uploading", { file: file.name }));
      const upload = sendFile(
        uploadUrl(ADMIN_PATH.documentUpload, { lang: locale }),
        file,
        uploadedDocument,
        {
          onProgress: (percent) => setCurrent({ fileName: file.name, stage: "uploading", percent }),
          onProcessing: () => {
            setCurrent({ fileName: file.name, stage: "processing", percent: 100 });
            setAnnouncement(t("uploads.stage.processing", { file: file.name }));
          },
        },
        { network: t("uploads.errors.network"), aborted: t("uploads.errors.interrupted") },
      );
      running.current = upload;
      try {
        const result = await upload.done;
        setDocuments((list) => [...list, { key: result.key, fileName: result.fileName, fileType: result.fileType, size: result.size }]);
        setAnnouncement(t("uploads.stage.done", { file: result.fileName }));
      } catch (err) {
        if (cancelled.current) return;
        const reason = err instanceof UploadFailure ? err.message : t("uploads.errors.saveFailed");
        const message = reasonFor(file.name, t("uploads.documentFailed", { reason }));
        setErrors((list) => [...list, message]);
        setAnnouncement("");
      } finally {
        running.current = null;
      }
    }
    if (!cancelled.current) {
      setCurrent(null);
      setQueued([]);
    }
  }

  function remove(index: number) {
    setDocuments((list) => list.filter((_, i) => i !== index));
  }

  function setForStudents(index: number, forStudents: boolean) {
    setDocuments((list) => list.map((doc, i) => (i === index ? { ...doc, forStudents } : doc)));
  }

  return { documents, current, queued, errors, announcement, busy, onFiles, remove, setForStudents };
}
