// Which documents the view-only viewer renders. Kept apart from the viewer so that lists of documents
// can decide what to pass without loading the viewer (or PDF.js).

/** Only PDF is rendered (onto canvas, with PDF.js); every other type gets the "not available" notice. */
export function isPdfMimeType(mimeType: string | null | undefined): boolean {
  return typeof mimeType === "string" && /^application\/pdf\s*(;|$)/i.test(mimeType.trim());
}

/**
 * Course documents store a type label ("PDF", and in legacy lists "Word", "Excel/Spreadsheet", ...)
 * rather than a MIME type; this maps the label to what the viewer expects.
 */
export function mimeTypeForDocumentLabel(label: string | null | undefined): string {
  return (label ?? "").trim().toUpperCase() === "PDF" ? "application/pdf" : "application/octet-stream";
}
