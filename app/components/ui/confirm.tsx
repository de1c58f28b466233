// The confirmation of a destructive or irreversible action (issue 16): inside a DialogFrame it says what
// will happen, with Cancel (focused first) and the destructive button. With JavaScript it posts through a
// fetcher of its own and the frame is a modal; without, the frame is a panel reached by its URL and the
// same form posts the page. The action on the server is the one the page always had.
//
// The page holds the fetcher (useFreshFetcher) and its success handler (useOnSuccess): once the action
// succeeded the page reloads its data, and the thing confirmed (a deleted row) may be gone — the dialog
// with it — before the success is seen; a handler held by the page still runs (the toast, closing).
import type { ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { FormAlert } from "~/components/admin/form-kit.tsx";
import { Notice } from "./notice.tsx";
import { DialogCancel, DialogFrame, type DialogCloser } from "./url-dialog.tsx";

export const DANGER_BUTTON =
  "inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

export interface ConfirmFormProps<R extends { ok: boolean }> {
  /** The form's own fetcher, held by the page with its success handler (see above). */
  fetcher: FetcherWithComponents<R>;
  /** Where the form posts (the page, so a reply without JavaScript renders in place). */
  action: string;
  /** The hidden fields the action reads (intent, ids); a list posts one field per value. */
  fields: Record<string, string | readonly string[]>;
  /** What will happen, in one sentence. */
  message: ReactNode;
  /** What else follows from it, if anything. */
  consequences?: ReactNode;
  /**
   * Why it cannot be done now (a category still in use), said before the click: shown instead of the
   * question, with the destructive button disabled (issue 35 item 6).
   */
  blocked?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  cancelLabel: string;
  /** The translated refusal of a reply, or null. */
  failure: (reply: R | undefined) => string | null;
  /** The page's reply after a post without JavaScript, when it answers this form. */
  initialReply?: R;
}

export function ConfirmForm<R extends { ok: boolean }>({
  fetcher,
  action,
  fields,
  message,
  consequences,
  blocked,
  submitLabel,
  busyLabel,
  cancelLabel,
  failure,
  initialReply,
}: ConfirmFormProps<R>) {
  const busy = fetcher.state !== "idle";
  const reply = fetcher.data ?? initialReply;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4">
      {Object.entries(fields).flatMap(([name, value]) =>
        (typeof value === "string" ? [value] : value).map((v) => <input key={`${name}=${v}`} type="hidden" name={name} value={v} />),
      )}
      <FormAlert message={busy ? null : failure(reply)} />
      {blocked ? (
        <Notice tone="warning">{blocked}</Notice>
      ) : (
        <p className="text-slate-800">{message}</p>
      )}
      {consequences && !blocked && <p className="text-sm text-slate-600">{consequences}</p>}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <DialogCancel label={cancelLabel} autoFocus />
        <button type="submit" disabled={busy || Boolean(blocked)} className={`${DANGER_BUTTON} disabled:cursor-not-allowed`}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * A confirmation in its frame: open while `fields` (what the form posts, i.e. which thing) is given —
 * null when the URL names no such dialog or the thing is unknown.
 */
export function ConfirmDialog<R extends { ok: boolean }>({
  dialog,
  title,
  description,
  fields,
  ...form
}: Omit<ConfirmFormProps<R>, "fields"> & {
  dialog: DialogCloser;
  title: ReactNode;
  description?: ReactNode;
  fields: ConfirmFormProps<R>["fields"] | null;
}) {
  return (
    <DialogFrame open={fields !== null} dialog={dialog} guard={false} title={title} description={description}>
      {fields && <ConfirmForm {...form} fields={fields} />}
    </DialogFrame>
  );
}
