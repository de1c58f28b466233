// Edits that cannot overwrite a colleague's (issue 35 item 6): every edit form carries the version of what
// it edits — the record's updated_at, in milliseconds — and a save over a newer version is refused with a
// 409 that says who changed it and when (app/lib/edit-conflict.server.ts), keeping what was typed.
// Safe in the browser: the forms read it too.

/** The version an edit form carries for a record last updated at `updatedAt`. */
export function editVersion(updatedAt: Date | string | null | undefined): string {
  if (!updatedAt) return "";
  const ms = new Date(updatedAt).getTime();
  return Number.isFinite(ms) ? String(ms) : "";
}

/** What a refused save says about the newer version: who saved it (their email) and when (ISO time). */
export interface EditConflict {
  by: string | null;
  at: string;
}
