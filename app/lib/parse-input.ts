// The input check every domain function starts with: parse with the form's zod schema, or refuse with a
// 400 whose `fields` hold one message key per field (the first rule each field breaks), so the form shows
// them beside its fields. Nothing is written when this throws.
import type { z } from "zod";
import { AppError } from "./errors.ts";

/** The first message (a locale key) of each field in zod's issues; an issue of no field goes under "form". */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  return fields;
}

/** `input` parsed by `schema`, or an AppError bad_request: its message the first field's, else `fallbackKey`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, fallbackKey: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = fieldMessages(parsed.error.issues);
  throw new AppError("bad_request", Object.values(fields)[0] ?? fallbackKey, { fields });
}
