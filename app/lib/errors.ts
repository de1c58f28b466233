import type { EditConflict } from "./edit-version.ts";

/** The one error type of the application: a code that maps to an HTTP status and a translated message key. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What an error view (and a resource route's JSON) receives of an AppError: never a stack or a cause. */
export interface AppErrorData {
  code: ErrorCode;
  messageKey: string;
  /** Why access was refused, for the admin's denial views: the role has no admin area, or lacks a flag. */
  reason?: string;
  /** The signed-in email, shown on the Access Denied view. */
  email?: string;
  fields?: Record<string, string>;
  /** A save refused because the record changed since its form was opened (app/lib/edit-version.ts). */
  conflict?: EditConflict;
}

export interface AppErrorOptions {
  fields?: Record<string, string>;
  cause?: unknown;
  reason?: string;
  email?: string;
  headers?: Record<string, string>;
  conflict?: EditConflict;
}

/**
 * Domain functions, guards and middleware throw this; nothing converts it by hand. It has the shape of
 * React Router's thrown `data(value, init)` (type, data, init), so an AppError escaping a loader, an
 * action or a resource route becomes an error response with its own status and `AppErrorData`, shown by
 * the nearest ErrorBoundary in the request's language, never a 500 (ADR 013).
 */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  /** Locale key of the message shown to the user, e.g. "errors.notFoundTitle". */
  readonly messageKey: string;
  readonly fields?: Record<string, string>;
  readonly reason?: string;
  readonly email?: string;
  readonly conflict?: EditConflict;
  /** React Router reads a thrown `data()` by these three members. */
  readonly type = "DataWithResponseInit";
  readonly #headers?: Record<string, string>;

  constructor(code: ErrorCode, messageKey: string, options: AppErrorOptions = {}) {
    super(messageKey, { cause: options.cause });
    this.code = code;
    this.messageKey = messageKey;
    this.fields = options.fields;
    this.reason = options.reason;
    this.email = options.email;
    this.conflict = options.conflict;
    this.#headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  get data(): AppErrorData {
    const value: AppErrorData = { code: this.code, messageKey: this.messageKey };
    if (this.reason) value.reason = this.reason;
    if (this.email) value.email = this.email;
    if (this.fields) value.fields = this.fields;
    if (this.conflict) value.conflict = this.conflict;
    return value;
  }

  get init(): ResponseInit {
    return { status: this.status, headers: { "Cache-Control": "no-store", ...this.#headers } };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The AppErrorData an error view received, if the error came from an AppError. */
export function appErrorData(value: unknown): AppErrorData | null {
  if (typeof value !== "object" || value === null || !("messageKey" in value) || !("code" in value)) return null;
  const { messageKey, code } = value;
  if (typeof messageKey !== "string" || !isErrorCode(code)) return null;
  const reason = "reason" in value && typeof value.reason === "string" ? value.reason : undefined;
  const email = "email" in value && typeof value.email === "string" ? value.email : undefined;
  return { code, messageKey, reason, email };
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
