// Checks shared by the schema and form-rule tests: a message key is a translated sentence in both
// languages, a schema refuses a field with exactly one key, and the browser's own checks say what the
// server's schema says (through FormData both ways, as in the browser).
import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { expect } from "vitest";
import type { z } from "zod";
import type { FieldErrors } from "~/lib/form-validation.ts";
import { resources } from "~/locales/index.ts";

/** The text under a dotted key in one language's strings, or undefined. */
export function localeText(lng: "en" | "ar", key: string): unknown {
  let node: unknown = resources[lng].common;
  for (const part of key.split(".")) node = node && typeof node === "object" ? Object.getOwnPropertyDescriptor(node, part)?.value : undefined;
  return node;
}

/** The key is a non-empty sentence in English and in Arabic. */
export function expectTranslated(key: string): void {
  for (const lng of ["en", "ar"] as const) {
    const value = localeText(lng, key);
    expect(typeof value, `${lng}: ${key}`).toBe("string");
    expect(String(value).trim(), `${lng}: ${key}`).not.toBe("");
  }
}

/** Assertions on one schema around a valid input: a patch makes one field fail with one key, or stays valid. */
export function schemaChecks<S extends z.ZodType>(schema: S, valid: Record<string, unknown>) {
  const errorsFor = (input: Record<string, unknown>, field: string): string[] => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
  };
  return {
    errorsFor,
    /** The field fails with exactly this key (translated; in these English words when given). `undefined` drops a field. */
    expectError(patch: Record<string, unknown>, field: string, key: string, english?: string): void {
      const input: Record<string, unknown> = { ...valid, ...patch };
      for (const [k, v] of Object.entries(patch)) if (v === undefined) delete input[k];
      expect(errorsFor(input, field)).toEqual([key]);
      expectTranslated(key);
      if (english) expect(localeText("en", key)).toBe(english);
    },
    expectValid(patch: Record<string, unknown>): z.output<S> {
      const result = schema.safeParse({ ...valid, ...patch });
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      if (!result.success) throw result.error;
      return result.data;
    },
  };
}

/** A form as the browser sends it: absent values are not sent at all. */
export function formDataOf(values: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) data.append(name, value);
  return data;
}

/** What the server's schema says of a form, per field (as conform parses it). */
export function serverErrors(schema: z.ZodType<Record<string, unknown>>, data: FormData): FieldErrors {
  const submission = parseWithZod(data, { schema });
  const errors: FieldErrors = {};
  if (submission.status === "error") {
    for (const [name, list] of Object.entries(submission.error ?? {})) if (list?.length) errors[name] = list;
  }
  return errors;
}

/** SPEC's English wording for each key, and an Arabic translation beside it. */
export function expectWording(texts: Record<string, string>): void {
  for (const [key, english] of Object.entries(texts)) {
    expect(localeText("en", key), key).toBe(english);
    expectTranslated(key);
  }
}

/**
 * Text a browser can send, for property tests: blank-ish values (with the given white space), text
 * around a length limit (padded with spaces a trim removes), any short text, and email-like strings.
 */
export function textArbitraries(blanks: readonly string[]) {
  const spaces = fc.constantFrom(...blanks);
  const aroundLimit = (max: number, char = "a") =>
    fc.tuple(spaces, fc.integer({ min: Math.max(0, max - 2), max: max + 2 }), spaces).map(([a, n, b]) => `${a}${char.repeat(n)}${b}`);
  const anyText = fc.oneof(fc.constant(undefined), spaces, fc.string({ maxLength: 30 }), fc.string({ unit: "grapheme", maxLength: 12 }));
  const emailLike = (maxLength: number, ...more: fc.Arbitrary<string>[]) =>
    fc.oneof(
      fc.emailAddress(),
      fc.string({ unit: fc.constantFrom(..."ab1@.-_<>()[]\\,;:\" \t+é"), maxLength: 20 }),
      ...more,
      aroundLimit(maxLength).map((s) => `${s}@example.com`),
    );
  return { spaces, aroundLimit, anyText, emailLike };
}
