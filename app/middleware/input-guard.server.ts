// One gate for what every form action receives, before any schema sees it.
// - A NUL character cannot be stored by PostgreSQL (it would become a 500 deep in an action), and no
//   person types one: a form body carrying one is refused with a translated 400.
// - Zod's own English messages ("Invalid input: expected string, received array"…) must never reach a
//   person: an issue without a message of our own gets a generic translated key.
import { data, type MiddlewareFunction } from "react-router";
import { z } from "zod";

export const INPUT_ERRORS = {
  invalidInput: "errors.invalidInput",
  invalidCharacters: "errors.invalidCharacters",
} as const;

z.config({ customError: () => INPUT_ERRORS.invalidInput });

/** The upload routes (app/routes.ts) stream their bodies with a size limit: never buffered here. */
const STREAMED_PATHS = /^\/admin\/uploads\//;
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i;

async function hasNul(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(type) || STREAMED_PATHS.test(new URL(request.url).pathname)) return false;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return false; // a malformed body is the action's to refuse
  }
  for (const [key, value] of form) {
    if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) return true;
  }
  return false;
}

export const inputGuard: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD" && (await hasNul(request))) {
    throw data({ messageKey: INPUT_ERRORS.invalidCharacters }, { status: 400 });
  }
  return next();
};
