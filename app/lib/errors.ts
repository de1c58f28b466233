/** The one error type of the application: a code that maps to an HTTP status and a translated message key. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  /** Locale key of the message shown to the user, e.g. "errors.notFoundTitle". */
  readonly messageKey: string;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, messageKey: string, options?: { fields?: Record<string, string>; cause?: unknown }) {
    super(messageKey, { cause: options?.cause });
    this.code = code;
    this.messageKey = messageKey;
    this.fields = options?.fields;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
