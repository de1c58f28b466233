// The one way an admin action runs (issue 16): the post names an intent; the intent's schema parses the
// form (the same schema the browser validates with), the page's guard and the intent's own flag are
// checked, one domain function runs, and the answer is one AdminReply. A refusal (an AppError) becomes a
// translated reply with its status, field errors beside their fields; bad input is a 400 and changes
// nothing. The domain functions check their flags again: this is the first gate, not the only one. After the
// domain call the content version is bumped (public pages and layout data are cached by it, ADR 017).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { AdminReply, AdminReplyBase } from "./admin-reply.ts";
import { contentChanged } from "./content-version.server.ts";
import { refusalOf, type Refusal } from "./form-reply.server.ts";
import type { Actor } from "./permissions.server.ts";
import type { Permission } from "./permissions.ts";
import { requireActor } from "./staff-session.server.ts";

type FormSchema = z.ZodType<Record<string, unknown>>;

export interface IntentContext {
  actor: Actor;
  request: Request;
  formData: FormData;
  /** Headers the answer carries (e.g. the cookies a sign-in change sets). */
  headers: Headers;
}

interface IntentDefinition<S extends FormSchema, X> {
  /** The flag this intent needs beyond the page's own. */
  permission?: Permission;
  schema: S;
  /** A form whose fields show their own errors: the reply carries conform's result. */
  form?: boolean;
  /** After a save the form shows what the page now holds (true), or keeps what was typed (false). */
  reset?: boolean;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** Locale key that frames a refusal: "Failed to add user: {{msg}}". */
  failureKey?: string;
  /**
   * false for an intent that only reads (a preview): the content version is left alone, so the public pages
   * cached at it stay. Every other intent bumps it.
   */
  writes?: false;
  run: (value: z.output<S>, context: IntentContext) => Promise<X>;
}

type Step<X> =
  | { ok: true; value: X; result?: SubmissionResult<string[]> }
  | (Refusal["reply"] & { status: number });

export interface AdminIntent<X> {
  readonly permission?: Permission;
  readonly failureKey?: string;
  run(context: IntentContext, invalidKey: string): Promise<Step<X>>;
}

/** One intent of an admin page: its flag, its schema and the domain call it makes. */
export function intent<S extends FormSchema, X extends object>(definition: IntentDefinition<S, X>): AdminIntent<X> {
  const { schema, form = false, reset = true, hideFields } = definition;
  return {
    permission: definition.permission,
    failureKey: definition.failureKey,
    async run(context, invalidKey) {
      const submission = parseWithZod(context.formData, { schema });
      if (submission.status !== "success") {
        const first = Object.values(submission.error ?? {}).flat()[0] ?? invalidKey;
        return { ok: false, status: 400, messageKey: first, result: form ? submission.reply({ hideFields }) : undefined };
      }
      try {
        const run = () => definition.run(submission.value, context);
        const value = definition.writes === false ? await run() : await runThenBump(run);
        const result = form ? submission.reply(reset ? { resetForm: true, hideFields } : { hideFields }) : undefined;
        return { ok: true, value, result };
      } catch (err) {
        // The values typed stay in the form (no reset), a conflict's who and when with them.
        const { status, reply } = refusalOf(err, form ? submission : undefined, { hideFields });
        return { ...reply, status };
      }
    },
  };
}

/**
 * Runs an intent's domain call; once it has finished (its transactions committed or rolled back), the
 * content version is bumped before the answer goes out, so cached public pages and layout data of every
 * instance stop showing what was there before (ADR 017). Bumped after a refusal too: a refusal may come
 * after part of the work was done, and a needless bump only costs a render.
 */
async function runThenBump<X>(run: () => Promise<X>): Promise<X> {
  try {
    return await run();
  } finally {
    await contentChanged();
  }
}

function isIntentName<I extends string>(intents: Record<I, unknown>, name: unknown): name is I {
  return typeof name === "string" && Object.hasOwn(intents, name);
}

/** A text field of the post, for echoing which record a refused post was about. */
export function formText(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

export interface AdminActionConfig<I extends string, X extends object> {
  /** The page's own guard (its view flag, admins only, or the security page open during a required setup). */
  guard: { permission?: Permission; adminOnly?: boolean; allowSecuritySetup?: boolean };
  /** Locale key of the refusal when the post names no known intent or carries no usable value. */
  invalidKey: string;
  intents: Record<I, AdminIntent<Partial<X>>>;
  /** What a refused post was about (the record's id), so a page without JavaScript can show that form again. */
  subject?: (formData: FormData) => Partial<X>;
  /** Refusals that already say what failed: shown without the intent's failureKey. */
  plain?: readonly string[];
}

/** The action function of an admin page; I names its intents, X what its replies report. */
export function adminAction<I extends string, X extends object>(config: AdminActionConfig<I, X>) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    requireActor(context, config.guard);
    const formData = await request.formData();
    const name = formData.get("intent");
    const echo: Partial<X> = config.subject?.(formData) ?? {};
    if (!isIntentName(config.intents, name)) {
      const refused: AdminReplyBase<I> = { intent: null, ok: false, messageKey: config.invalidKey };
      return data<AdminReply<I, X>>({ ...echo, ...refused }, { status: 400 });
    }
    const chosen = config.intents[name];
    const actor = requireActor(context, { ...config.guard, permission: chosen.permission ?? config.guard.permission });
    const headers = new Headers();
    const step = await chosen.run({ actor, request, formData, headers }, config.invalidKey);
    if (step.ok) {
      const done: AdminReplyBase<I> = step.result ? { intent: name, ok: true, result: step.result } : { intent: name, ok: true };
      return data<AdminReply<I, X>>({ ...step.value, ...done }, { headers });
    }
    const framed = chosen.failureKey && !config.plain?.includes(step.messageKey);
    const refused: AdminReplyBase<I> = { intent: name, ok: false, messageKey: step.messageKey };
    if (framed) refused.failureKey = chosen.failureKey;
    if (step.result) refused.result = step.result;
    if (step.conflict) refused.conflict = step.conflict;
    return data<AdminReply<I, X>>({ ...echo, ...refused }, { status: step.status, headers });
  };
}
