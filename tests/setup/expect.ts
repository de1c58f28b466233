// What a refused call rejects with: an AppError (app/lib/errors.ts) with its code, its message key and,
// for a form's refusal, the key of each field it refuses, the message a sentence in English and Arabic.
import { expect } from "vitest";
import { AppError } from "~/lib/errors.ts";
import { expectTranslated } from "./i18n.ts";

/** The AppError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function caught(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error("expected an AppError");
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

export interface ExpectedRefusal {
  /** The field keys the error must carry (others may be there too). */
  fields?: Record<string, string>;
}

/**
 * The AppError `promise` rejects with, with this code and (when given) this message key; its message key
 * is translated in both languages (expectTranslated). Fails the test when the promise resolves.
 */
export async function expectCode(
  promise: Promise<unknown>,
  code: AppError["code"],
  messageKey?: string,
  expected: ExpectedRefusal = {},
): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error(`expected AppError ${messageKey ?? code}`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const error = err as AppError;
  expect(error.code).toBe(code);
  if (messageKey !== undefined) expect(error.messageKey).toBe(messageKey);
  if (expected.fields) expect(error.fields).toMatchObject(expected.fields);
  expectTranslated(error.messageKey);
  return error;
}
