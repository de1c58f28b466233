// Small pieces shared by the admin forms (users, categories, instructors, courses). Cancel and the dialog
// frame are the dialog kit's (app/components/ui/url-dialog.tsx).
import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useRef, useState, type ComponentProps } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { failureMessage, type AdminReplyBase } from "~/lib/admin-reply.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { ErrorSummary } from "~/components/forms/error-summary.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { usePageLocale } from "~/lib/use-locale-path.ts";

/**
 * A message for the whole form (already translated), at its top: the kit's Notice in the error tone,
 * scrolled into view when it appears (a long form is submitted from its bottom).
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Notice tone="error" reveal>
      {message}
    </Notice>
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

/**
 * Everything an admin dialog's form starts with (issue 35 item 1): a fetcher of its own for this opening,
 * the reply to show (the fetcher's, or the page's after a post without JavaScript when it answered this
 * intent), Conform's form checked by the same schema as the server (on blur, then as typed), the
 * success callback, and whether a save is under way.
 */
export function useDialogForm<R extends AdminReplyBase<string>, S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  intent,
  schema,
  defaultValue,
  initialReply,
  onSuccess,
}: {
  /** The intent the form posts, or the intents it may post (a preview and a send). */
  intent: string | readonly string[];
  schema: S;
  defaultValue?: DefaultValue<z.input<S>>;
  /** The server's reply when the page was rendered after a post without JavaScript. */
  initialReply?: R;
  /** Called once per successful reply (a form that shows its result in place needs none). */
  onSuccess?: (reply: R) => void;
}) {
  const intents: readonly string[] = typeof intent === "string" ? [intent] : intent;
  const fetcher = useFreshFetcher<R>(intents.join("-"));
  // A reply is plain JSON, so what the fetcher holds is R itself; TypeScript cannot see through React
  // Router's SerializeFrom for a type parameter.
  const data = fetcher.data as R | undefined;
  const reply = data ?? (initialReply?.intent && intents.includes(initialReply.intent) ? initialReply : undefined);
  const formId = useId();
  const [form, fields] = useCheckedForm({
    id: `${intents.join("-")}-${formId}`,
    schema,
    defaultValue,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
  });
  useOnSuccess({ state: fetcher.state, data }, (r) => onSuccess?.(r));
  return { fetcher, form, fields, reply, busy: fetcher.state !== "idle" };
}

/** Conform's form as every admin form checks it: by the server's schema, on blur, then again as typed. */
export function useCheckedForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  defaultValue,
  lastResult,
}: {
  id: string;
  schema: S;
  defaultValue?: DefaultValue<z.input<S>>;
  lastResult: AdminReplyBase<string>["result"];
}) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * A page's own form (Settings): the dialog kit's preamble with one fetcher for the page (its key is the
 * form's id) and the page's reply after a post without JavaScript, whatever its intent.
 */
export function usePageForm<R extends AdminReplyBase<string>, S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  defaultValue,
  initialReply,
}: {
  id: string;
  schema: S;
  defaultValue?: DefaultValue<z.input<S>>;
  initialReply?: R;
}) {
  const fetcher = useFetcher<R>({ key: id });
  // Plain JSON, as in useDialogForm.
  const data = fetcher.data as R | undefined;
  const reply = data ?? initialReply;
  const [form, fields] = useCheckedForm({ id, schema, defaultValue, lastResult: fetcher.state === "idle" ? reply?.result : undefined });
  return { fetcher, data, form, fields, reply, busy: fetcher.state !== "idle" };
}

/**
 * What an admin form opens with: its hidden fields (the intent, the id and the version of what it edits;
 * those without a value are left out), the form's failure in the kit's error Notice, and the summary of
 * its errors.
 */
export function FormStart({
  form,
  reply,
  hidden,
}: {
  form: ComponentProps<typeof ErrorSummary>["form"];
  reply: AdminReplyBase<string> | undefined;
  hidden: Record<string, string | false | undefined>;
}) {
  const { t } = useI18n();
  const locale = usePageLocale();
  return (
    <>
      {Object.entries(hidden).map(([name, value]) => typeof value === "string" && <input key={name} type="hidden" name={name} value={value} />)}
      <FormAlert message={failureMessage(t, reply, locale)} />
      <ErrorSummary form={form} />
    </>
  );
}

/**
 * The version an edit's save names (issue 35 item 6): the record's when this form opened, not a newer one
 * the page loaded since (the form does not show its values); after a refused save rendered again without
 * JavaScript, the one that save sent. Saving again after a 409 is refused again until the page is reloaded,
 * so a colleague's save is never overwritten unseen.
 */
export function useOpenedVersion(current: string | undefined, reply: AdminReplyBase<string> | undefined, field = "version"): string | undefined {
  const [opened] = useState(current);
  const sent = reply && !reply.ok ? reply.result?.initialValue?.[field] : undefined;
  return typeof sent === "string" ? sent : opened;
}
