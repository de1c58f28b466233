// One gate for what every loader and action receives, before any schema sees it.
// - A NUL character cannot be stored or compared by PostgreSQL (it would become a 500 deep in a query),
//   and no person types one: a path or query carrying one is refused with a translated 400, whatever the
//   method.
// - A request to an action must be a form (urlencoded or multipart; JSON or text gets 415), within the
//   body cap (413), with a bounded number of fields, no single-valued name repeated and conform's
//   reserved fields well formed (400): app/lib/request-limits.server.ts, read once, linearly. The
//   upload routes stream their own bodies and are not read here.
// - Zod's own English messages ("Invalid input: expected string, received array"…) must never reach a
//   person: an issue without a message of our own gets a generic translated key.
import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { checkActionBody, REQUEST_ERRORS, urlHasNul } from "~/lib/request-limits.server.ts";
import { getInstanceOrFallback } from "./i18next.server.ts";

export const INPUT_ERRORS = REQUEST_ERRORS;

z.config({ customError: () => INPUT_ERRORS.invalidInput });

/** The refusal: its key (pages show it through the root ErrorBoundary) and, for resource routes answering
 * JSON, the message itself in the request's language. */
function refuse(context: Readonly<RouterContextProvider>, messageKey: string, status: number): never {
  throw data({ messageKey, message: getInstanceOrFallback(context).t(messageKey) }, { status, headers: { "Cache-Control": "no-store" } });
}

export const inputGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (urlHasNul(new URL(request.url))) refuse(context, INPUT_ERRORS.invalidAddress, 400);
  const refusal = await checkActionBody(request);
  if (refusal) refuse(context, refusal.messageKey, refusal.status);
  return next();
};
