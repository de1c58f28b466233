// Instant, accessible validation for the public forms (contact, enrollment) without zod or Conform in
// the page's JavaScript (the 150 KB budget, docs/decisions/005-js-budget.md). It behaves as Conform did
// there: a field is checked when it loses focus (once the press that moved the focus is let go: see
// whenPressEnds), then again on every edit; submitting checks every field,
// stops on an error and focuses the first invalid field; the server's reply (Conform's SubmissionResult,
// sent by publicFormAction) shows its errors and values — also without JavaScript, on the server render —
// and a successful reply clears the form. The rules are the same ones the server's zod schema applies
// (see *.rules.ts and their tests); the server checks again regardless.
import { useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import { isOneOf } from "./validation.ts";

/** A form's text values by field name; a blank field is undefined (as Conform hands them to zod). */
export type FormValues = Record<string, string | undefined>;
/** Locale keys of the errors, by field name. */
export type FieldErrors = Record<string, string[] | undefined>;

/** What the server replies about the last submission (Conform's SubmissionResult, the parts used here). */
export interface SubmissionReply {
  status?: "error" | "success";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null | undefined>;
}

/** The values as the server reads them: the first value of each name, text only, blank → undefined. */
export function readFormValues(data: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of data.entries()) {
    if (name in values || typeof value !== "string") continue;
    values[name] = value === "" ? undefined : value;
  }
  return values;
}

interface State {
  /** Fields whose errors are shown (checked once: blurred, submitted, or answered by the server). */
  validated: ReadonlySet<string>;
  errors: FieldErrors;
}

function pick(errors: FieldErrors, names: ReadonlySet<string>): FieldErrors {
  const shown: FieldErrors = {};
  for (const name of names) if (errors[name]?.length) shown[name] = errors[name];
  return shown;
}

function fromReply(reply: SubmissionReply | undefined, fields: readonly string[]): State {
  const errors: FieldErrors = {};
  for (const [name, list] of Object.entries(reply?.error ?? {})) if (list?.length) errors[name] = list;
  const validated = new Set(reply?.status === "error" ? fields : []);
  for (const name of Object.keys(errors)) validated.add(name);
  return { validated, errors };
}

/** The name of the control an event came from. */
function nameOf(target: EventTarget | null): string {
  const name = target !== null && "name" in target ? target.name : undefined;
  return name === undefined || name === null ? "" : String(name);
}

function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((list) => list && list.length > 0);
}

/** The first visible control of the form (document order) that has an error. */
function firstInvalid(form: HTMLFormElement, errors: FieldErrors): HTMLElement | null {
  for (const control of Array.from(form.elements)) {
    const field =
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLButtonElement;
    if (field && control.name && control.type !== "hidden" && errors[control.name]?.length) return control;
  }
  return null;
}

/**
 * A press (a mouse button, a finger) still down, and what waits for it to be let go. A field's error shown
 * on blur moves what is below it: shown at once, a press on the submit button (which is what blurred the
 * field) is let go where the button no longer is, and the click lands on the form. So a blur's check waits
 * for the press to end and for its click to be dispatched (a turn later); without a press (Tab, or a tap
 * whose mouse events come after the finger is lifted) it waits one turn, for the same click.
 */
let pressed = false;
let afterPress: (() => void)[] = [];
let listening = false;

function listenForPresses(): void {
  if (listening || typeof document === "undefined") return;
  listening = true;
  const release = () => {
    pressed = false;
    const queued = afterPress;
    afterPress = [];
    if (queued.length > 0) setTimeout(() => queued.forEach((run) => run()));
  };
  document.addEventListener("pointerdown", () => (pressed = true), true);
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);
}

function whenPressEnds(run: () => void): void {
  if (pressed) afterPress.push(run);
  else setTimeout(run);
}

export interface ValidatedField {
  id: string;
  name: string;
  errors: string[] | undefined;
  invalid: boolean;
  /** The value the server sent back (no-JS re-render after a failed post). */
  defaultValue: string | undefined;
  /** Changes when the form is reset by a successful reply, so uncontrolled inputs start over. */
  key: string;
}

export function useValidatedForm<F extends string>({
  id,
  fields,
  validate,
  lastResult,
}: {
  /** Prefix of the field ids. */
  id: string;
  /** Fields in the order they appear. */
  fields: readonly F[];
  validate: (values: FormValues) => FieldErrors;
  /** The server's reply to the latest submission, when there is one. */
  lastResult?: SubmissionReply;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<State>(() => fromReply(lastResult, fields));
  const [shownReply, setShownReply] = useState(lastResult);
  const [generation, setGeneration] = useState(0);
  // A new reply replaces what the form showed (set during render, so the server render shows it too).
  if (lastResult !== shownReply) {
    setShownReply(lastResult);
    setState(fromReply(lastResult, fields));
    if (lastResult?.initialValue === null) setGeneration((n) => n + 1);
  }

  // After the reply is on screen: a success clears the form, an error takes focus to its first field.
  useEffect(() => {
    const form = formRef.current;
    if (!form || !lastResult) return;
    if (lastResult.initialValue === null) form.reset();
    else if (lastResult.status === "error") firstInvalid(form, fromReply(lastResult, fields).errors)?.focus();
  }, [lastResult, fields]);

  /** Checks the whole form, shows the errors of `validated` fields, returns every error. */
  const check = useCallback(
    (form: HTMLFormElement, mark: (validated: Set<string>) => void): FieldErrors => {
      const all = validate(readFormValues(new FormData(form)));
      setState((prev) => {
        const validated = new Set(prev.validated);
        mark(validated);
        return { validated, errors: pick(all, validated) };
      });
      return all;
    },
    [validate],
  );

  const isField = useCallback((name: string): name is F => isOneOf(name, fields), [fields]);

  useEffect(listenForPresses, []);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      const name = nameOf(event.target);
      if (!isField(name)) return;
      const form = event.currentTarget;
      whenPressEnds(() => {
        if (form.isConnected) check(form, (v) => v.add(name));
      });
    },
    [check, isField],
  );

  const validated = state.validated;
  const onInput = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const name = nameOf(event.target);
      if (isField(name) && validated.has(name)) check(event.currentTarget, () => undefined);
    },
    [check, isField, validated],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const all = check(form, (v) => fields.forEach((f) => v.add(f)));
      if (hasErrors(all)) {
        event.preventDefault();
        firstInvalid(form, all)?.focus();
      }
    },
    [check, fields],
  );

  const initial = shownReply?.initialValue;
  const field = (name: F): ValidatedField => {
    const errors = state.errors[name];
    const value = initial ? initial[name] : undefined;
    return {
      id: `${id}-${name}`,
      name,
      errors,
      invalid: Boolean(errors?.length),
      defaultValue: typeof value === "string" ? value : undefined,
      key: `${name}-${generation}`,
    };
  };

  return {
    /** Spread on the <form> (or fetcher.Form). */
    formProps: { ref: formRef, id, noValidate: true, onBlur, onInput, onSubmit },
    field,
  };
}

