// File names people give or edit: cleaned the same way at upload and when a course form saves a document's
// name (issue 14 item 9), so what is shown and sent in Content-Disposition is always safe.

/** A name safe to show and to send in Content-Disposition: no path, no control characters, ≤ 200 chars. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    // Control characters and bidi overrides (a name must not reorder the text around it).
    .replace(/\p{Cc}|[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : fallback;
}

/** A course document's name: cleaned, and always ending in `.pdf` (the only kind of document we keep). */
export function documentFileName(name: string): string {
  const cleaned = cleanFileName(name, "document.pdf");
  return /\.pdf$/i.test(cleaned) ? cleaned : `${cleaned.replace(/\.[^.]{1,8}$/, "")}.pdf`;
}
