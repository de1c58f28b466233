// The limits every request body meets before anything parses it (issue 14, items 1, 2 and 6). One module,
// used twice:
// - server.ts (through app/lib/http-body.server.ts) caps the bytes before React Router sees the request
//   (64 KB; 256 KB in the staff area): 413 from Content-Length, or as soon as a streamed (chunked) body
//   passes the cap;
// - the root middleware (app/middleware/input-guard.server.ts) reads the same capped body once and checks
//   its shape in one linear pass: how many fields, names repeated, NUL characters, the form library's
//   reserved fields. Only then does an action parse it.
// The form library (conform) builds repeated values with `Array#concat`, so a body repeating one name
// costs it quadratic time; it must never see such a body. The upload routes stream their own bodies with
// their own limits (app/lib/uploads.server.ts) and are left alone here.
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/** Largest body a request may carry (upload routes aside). Public forms are well under 4 KB. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/**
 * The staff area's forms may be larger: the course form's own limits (a 5,000-character description,
 * 100 curriculum lines of 200, 50 documents with 255-character names) come to about 250 KB when filled
 * to the brim in Arabic, which a urlencoded body sends as six bytes a letter.
 */
export const STAFF_BODY_LIMIT_BYTES = 256 * 1024;

/** The cap for a path: the staff area's, or everyone else's. */
export function bodyLimitFor(pathname: string): number {
  return pathname.startsWith("/admin/") ? STAFF_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}
/** Most fields one form may send (the enrollments bulk form: up to 100 ids and a few others). */
export const MAX_FIELDS = 200;
/** Longest field name: ours are short words; conform paths (`a.b[0]`) are a little longer. */
export const MAX_NAME_LENGTH = 100;
/**
 * The only names a form of ours sends several times (one per checked box): bulk selections and the
 * permissions matrix. Every other name is single-valued; repeating it is refused.
 */
export const MULTI_VALUE_FIELDS: ReadonlySet<string> = new Set(["ids", "permissions"]);

export const REQUEST_ERRORS = {
  invalidInput: "errors.invalidInput",
  invalidCharacters: "errors.invalidCharacters",
  invalidAddress: "errors.invalidAddress",
  bodyTooLarge: "errors.bodyTooLarge",
  unsupportedBody: "errors.unsupportedBody",
  crossSite: "errors.crossSite",
} as const;

export interface Refusal {
  status: 400 | 413 | 415;
  messageKey: (typeof REQUEST_ERRORS)[keyof typeof REQUEST_ERRORS];
}

const TOO_LARGE: Refusal = { status: 413, messageKey: REQUEST_ERRORS.bodyTooLarge };
const INVALID: Refusal = { status: 400, messageKey: REQUEST_ERRORS.invalidInput };
const NUL: Refusal = { status: 400, messageKey: REQUEST_ERRORS.invalidCharacters };
const UNSUPPORTED: Refusal = { status: 415, messageKey: REQUEST_ERRORS.unsupportedBody };

/**
 * The upload routes (app/routes.ts: `admin/uploads/image`, `admin/uploads/document`, and the student's
 * enrollment page, which takes a proof of payment) and Paymob's callback read their own
 * bodies as streams with their own size limits. Matched exactly as written (lower case): any other
 * spelling that the router would still send there gets the ordinary cap, which only makes it stricter.
 */
export function isUploadPath(pathname: string): boolean {
  return pathname.startsWith("/admin/uploads/") || STUDENT_PROOF_PATH.test(pathname) || pathname === PAYMOB_CALLBACK;
}

/** Paymob's callback posts JSON, read (bounded, CALLBACK_LIMIT_BYTES) by its route and verified by its HMAC. */
const PAYMOB_CALLBACK = "/api/paymob/callback";
export const CALLBACK_LIMIT_BYTES = 64 * 1024;

/** The student's enrollment page, whose one action receives a proof of payment (issue 37 item 4). */
const STUDENT_PROOF_PATH = /^\/(en|ar)\/enrollment\/[A-Za-z0-9-]{1,64}$/;

/** The methods whose body an action reads (React Router's mutation methods). */
export function isMutation(method: string): boolean {
  return method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE";
}

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export function isFormType(contentType: string | null): boolean {
  return FORM_TYPE.test(contentType ?? "");
}

/** A NUL character in the path or the query, raw or percent-encoded: PostgreSQL cannot store or compare it. */
export function urlHasNul(url: URL): boolean {
  const target = url.pathname + url.search;
  return target.includes("\0") || /%00/i.test(target);
}

/** A declared Content-Length above the cap (a missing or malformed one is checked while reading). */
export function declaredTooLarge(contentLength: string | null | undefined, limit = BODY_LIMIT_BYTES): boolean {
  if (!contentLength) return false;
  const n = Number(contentLength);
  return Number.isFinite(n) && n > limit;
}

/**
 * Reads a body, stopping (and cancelling the stream) as soon as it passes `limit` bytes: never more than
 * `limit` bytes are held. `null` when it was too large.
 */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limit = BODY_LIMIT_BYTES): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other branch
      // is cancelled too, which the router does when the request ends.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** `a[12]`: a list index. A big one makes the form library build an array that long (zod then walks it). */
const LIST_INDEX = /\[(\d+)\]/g;

function nameIsAcceptable(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return false;
  for (const [, digits] of name.matchAll(LIST_INDEX)) {
    if (digits!.length > 3 || Number(digits) >= MAX_FIELDS) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return undefined;
  }
}

const INTENT = "__intent__";
const STATE = "__state__";
/** A JSON string escape for NUL, which JSON.parse would turn into the character itself. */
const ESCAPED_NUL = /\\u0000/i;

/**
 * Conform's reserved fields, as its client writes them: `__state__` a JSON object, `__intent__` a JSON
 * object `{ type, payload: { name?, index?, from?, to?, … } }`. Conform itself JSON.parses both and
 * throws on anything else (a 500 in the action); list positions are bounded like field names.
 */
function reservedFieldsAreValid(form: FormData): boolean {
  const state = form.get(STATE);
  const intent = form.get(INTENT);
  if (state !== null) {
    if (typeof state !== "string" || ESCAPED_NUL.test(state) || !isPlainObject(parseJson(state))) return false;
  }
  if (intent !== null) {
    if (typeof intent !== "string" || ESCAPED_NUL.test(intent)) return false;
    const control = parseJson(intent);
    if (!isPlainObject(control) || typeof control.type !== "string" || !isPlainObject(control.payload)) return false;
    const { name, index, from, to } = control.payload;
    if (name !== undefined && (typeof name !== "string" || (name !== "" && !nameIsAcceptable(name)))) return false;
    for (const position of [index, from, to]) {
      if (position !== undefined && !(typeof position === "number" && Number.isInteger(position) && position >= 0 && position < MAX_FIELDS)) {
        return false;
      }
    }
  }
  // What conform does with them (its own parse and reply), once, on a body already known to be small.
  try {
    parseWithZod(form, { schema: z.unknown(), disableAutoCoercion: true }).reply();
  } catch {
    return false;
  }
  return true;
}

/**
 * One linear pass over a parsed form: at most MAX_FIELDS fields, acceptable names, no name repeated
 * unless it is one of MULTI_VALUE_FIELDS, no NUL in a name or a text value, well-formed reserved fields.
 */
export function inspectForm(form: FormData): Refusal | null {
  const seen = new Set<string>();
  let fields = 0;
  let reserved = false;
  for (const [name, value] of form) {
    fields += 1;
    if (fields > MAX_FIELDS) return TOO_LARGE;
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return NUL;
    if (!nameIsAcceptable(name)) return INVALID;
    if (seen.has(name)) {
      if (!MULTI_VALUE_FIELDS.has(name)) return INVALID;
    } else {
      seen.add(name);
    }
    if (name === INTENT || name === STATE) reserved = true;
  }
  if (reserved && !reservedFieldsAreValid(form)) return INVALID;
  return null;
}

/**
 * What a request to an action must look like before the action reads it: a form content type, a body
 * within the cap, and a form that passes `inspectForm`. Reads a clone, so the action still has the body.
 * `null` when it is acceptable (or not a mutation, or an upload route, which are not read here).
 */
export async function checkActionBody(request: Request): Promise<Refusal | null> {
  const pathname = new URL(request.url).pathname;
  if (!isMutation(request.method) || isUploadPath(pathname)) return null;
  const type = request.headers.get("content-type");
  if (!isFormType(type)) return UNSUPPORTED;
  const limit = bodyLimitFor(pathname);
  if (declaredTooLarge(request.headers.get("content-length"), limit)) return TOO_LARGE;
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readBounded(request.clone().body, limit);
  } catch {
    return INVALID; // the client went away or sent a broken stream
  }
  if (!bytes) return TOO_LARGE;
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type! } }).formData();
  } catch {
    return INVALID; // a multipart body without its boundary, or cut short
  }
  return inspectForm(form);
}
