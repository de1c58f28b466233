// Reading errors by their codes: the error and the errors it wraps (drizzle wraps the driver's error in
// `cause`), Node's system codes (ENOENT) and the PostgreSQL codes (SQLSTATE) the app reacts to; pg and
// PGlite both set `code`, and `constraint` on an integrity violation.

/** The SQLSTATE codes the domain turns into answers (a conflict, a field message, "in use"). */
export const PG_ERROR = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  /** ON DELETE RESTRICT reports restrict_violation rather than foreign_key_violation. */
  restrictViolation: "23001",
} as const;

/** One property of an error-like object, whatever its class. */
export function errorField(error: object, key: string): unknown {
  return Reflect.get(error, key);
}

/** The error and the errors it wraps (`cause`), outermost first; at most `limit`, as causes may loop. */
export function errorChain(err: unknown, limit = 10): object[] {
  const chain: object[] = [];
  for (let e: unknown = err; typeof e === "object" && e !== null && chain.length < limit; e = errorField(e, "cause")) chain.push(e);
  return chain;
}

/** The error's own `code` (a Node system error's "ENOENT", a SQLSTATE), or undefined. */
export function errorCode(err: unknown): string | undefined {
  const code = typeof err === "object" && err !== null ? errorField(err, "code") : undefined;
  return typeof code === "string" ? code : undefined;
}

/** The first error in the chain with `code` (e.g. PG_ERROR.uniqueViolation), or undefined. */
export function findErrorWithCode(err: unknown, code: string): object | undefined {
  return errorChain(err).find((e) => errorField(e, "code") === code);
}

export function hasErrorCode(err: unknown, code: string): boolean {
  return findErrorWithCode(err, code) !== undefined;
}

/** A unique constraint refused the write (a slug or an email taken). */
export function isUniqueViolation(err: unknown): boolean {
  return hasErrorCode(err, PG_ERROR.uniqueViolation);
}

/** A row still refers to the one being deleted, or the row referred to is gone. */
export function isReferenceViolation(err: unknown): boolean {
  return hasErrorCode(err, PG_ERROR.foreignKeyViolation) || hasErrorCode(err, PG_ERROR.restrictViolation);
}
