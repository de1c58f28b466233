// What every admin action answers (types and the failure line only: safe in the browser). The server
// side is app/lib/admin-action.server.ts.
import type { FormReply } from "./form-reply.ts";
import { formatDateTime } from "./format.ts";
import type { Locale } from "./i18n.ts";

/** An admin page's reply: the shape of every form's (app/lib/form-reply.ts) and the intent it answers. */
export interface AdminReplyBase<I extends string> extends Omit<FormReply, "success" | "retryAfter"> {
  /** The intent the post named, or null when it named none we know. */
  intent: I | null;
}

/** An admin page's reply: the common part and what its intents report (the record, its name, counts…). */
export type AdminReply<I extends string, X extends object = Record<never, never>> = AdminReplyBase<I> & Partial<X>;

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The translated failure line of a reply, or null when there is none to show above the form: no reply,
 * a success, or a refusal already shown next to its field (e.g. the slug already taken).
 */
export function failureMessage(t: T, reply: AdminReplyBase<string> | null | undefined, locale: Locale = "en"): string | null {
  if (!reply || reply.ok || !reply.messageKey) return null;
  const key = reply.messageKey;
  // Another staff member saved first: who and when, in the reader's language (issue 35 item 6).
  if (reply.conflict) {
    // An email inside an Arabic sentence keeps its own direction (first-strong isolate).
    const who = reply.conflict.by ? `\u2068${reply.conflict.by}\u2069` : t("admin.errors.editConflictSomeone");
    const msg = t(key, { who, at: formatDateTime(reply.conflict.at, locale) });
    return reply.failureKey ? t(reply.failureKey, { msg }) : msg;
  }
  const shownByField = Object.values(reply.result?.error ?? {}).some((errors) => errors?.includes(key));
  if (shownByField) return null;
  const msg = t(key);
  return reply.failureKey ? t(reply.failureKey, { msg }) : msg;
}
