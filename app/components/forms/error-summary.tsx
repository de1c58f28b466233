// The summary of a failed form's errors (issue 35 item 6): when a submit leaves two or more fields in
// error, some of them are usually off-screen (a long settings page, a dialog scrolled to its Save), so a
// list of the errors stands at the top of the form, each a link to its field, and focus moves to it. One
// error needs no summary: focus goes to that field. Without JavaScript the page renders
// the same summary from the server's reply, and the links still lead to the fields.
import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";

/** The name of the button Conform submits with when it checks one field (not a person's submit). */
const CONFORM_INTENT = "__intent__";

/** Two or more fields in error: fewer are shown by the field itself, in view. */
const SUMMARY_FROM = 2;

/** What the summary reads of any form's metadata, whatever its schema. */
type AnyForm = Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "status" | "allErrors">;

export function ErrorSummary({ form }: { form: AnyForm }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const errors = Object.entries(form.allErrors).filter(([name, list]) => name !== "" && list.length > 0);
  // Submits of this form in this page (the browser's checks never reach the server, so Conform's status
  // says nothing of them); a refusal rendered by the server counts as one.
  const [submits, setSubmits] = useState(0);
  const shown = (submits > 0 || form.status === "error") && errors.length >= SUMMARY_FROM;
  const pendingFocus = useRef(false);
  useEffect(() => {
    const el = document.getElementById(form.id);
    if (!el) return;
    const onSubmit = (e: Event) => {
      // Conform checks a field as it is left by a submit of its own, named by its intent button.
      if (e instanceof SubmitEvent && e.submitter?.getAttribute("name") === CONFORM_INTENT) return;
      pendingFocus.current = true;
      setSubmits((n) => n + 1);
    };
    el.addEventListener("submit", onSubmit, true);
    return () => el.removeEventListener("submit", onSubmit, true);
  }, [form.id]);
  const signature = errors.map(([name, list]) => `${name}:${list[0]}`).join("|");
  // After a submit, once its errors are known (checked here, or answered by the server): focus on the
  // list, or on the one field in error.
  useEffect(() => {
    if (!pendingFocus.current || !signature) return;
    pendingFocus.current = false;
    const first = document.getElementById(`${form.id}-${errors[0]![0]}`);
    // After the submit has run its course: Conform may move focus while it reports, and its errors may
    // reach this component in more than one render (a field left with an error before the submit is
    // already in the list when the submit's own errors arrive), so whether the list shows is read then.
    setTimeout(() => (ref.current ?? first)?.focus(), 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the errors are the signature's
  }, [signature, submits, shown, form.id]);
  if (!shown) return null;
  const titleId = `${form.id}-error-summary`;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      <p id={titleId} className="font-semibold">
        {t("errors.summary", { count: errors.length })}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5">
        {errors.map(([name, list]) => (
          <li key={name}>
            <a
              href={`#${form.id}-${name}`}
              className="underline underline-offset-2"
              onClick={(e) => {
                const field = document.getElementById(`${form.id}-${name}`);
                if (!field) return;
                e.preventDefault();
                field.focus();
                field.scrollIntoView({ block: "center" });
              }}
            >
              {t(list[0]!)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
