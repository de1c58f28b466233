// Small pieces shared by the admin forms (users, categories, instructors, courses). Cancel and the dialog
// frame are the dialog kit's (app/components/ui/url-dialog.tsx).
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

/**
 * A message for the whole form (already translated). It stands at the top of the form, and a long form is
 * submitted from its bottom: when a message appears it is scrolled into view, or a refusal such as "a
 * colleague saved this first" would go unseen above the fold of a dialog.
 */
export function FormAlert({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: "nearest" });
  }, [message]);
  if (!message) return null;
  return (
    <p ref={ref} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Calls the latest `onSuccess` once per successful reply of the fetcher. */
export function useOnSuccess<R extends { ok: boolean }>(
  fetcher: { state: string; data?: R },
  onSuccess: (reply: R) => void,
) {
  const callback = useRef(onSuccess);
  useEffect(() => {
    callback.current = onSuccess;
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** A fetcher of its own per opening, so an earlier reply never shows in a new form. */
export function useFreshFetcher<R>(prefix: string) {
  const [key] = useState(() => `${prefix}-${Math.random().toString(36).slice(2)}`);
  return useFetcher<R>({ key });
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}
