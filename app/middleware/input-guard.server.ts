// One gate for what every loader and action receives, before any schema sees it.
// - A NUL character cannot be stored or compared by PostgreSQL (it would become a 500 deep in a query),
//   and no person types one: a path or query carrying one is refused with a translated 400, whatever the
//   method.
// - A request to an action must be a form (urlencoded or multipart; JSON or text gets 415), within the
//   body cap (413), with a bounded number of fields, no single-valued name repeated and conform's
//   reserved fields well formed (400): app/lib/request-limits.server.ts, read once, linearly. The
//   upload routes stream their own bodies and are not read here.
// - A state-changing request from another site (marked by server.ts) is refused with a translated 403.
// - A public route's language segment that names no language is no page (404). Paths on the no-language
//   list (app/lib/locale-url.ts: `/api`, `/og`, `/files`, `/uploads` alone, or `/files/courses`) are not
//   redirected to a language, and the router matched them as `/:lang/…`: the English home page or
//   catalogue at an address of the API. Checked after the language is known, so the 404 is in the
//   visitor's language.
// - Zod's own English messages ("Invalid input: expected string, received array"…) must never reach a
//   person: an issue without a message of our own gets a generic translated key.
import type { MiddlewareFunction } from "react-router";
import { z } from "zod";
import { requestInfoContext } from "~/lib/context.server.ts";
import { AppError } from "~/lib/errors.ts";
import { isLocale } from "~/lib/i18n.ts";
import { checkActionBody, REQUEST_ERRORS, urlHasNul, type Refusal } from "~/lib/request-limits.server.ts";

export const INPUT_ERRORS = REQUEST_ERRORS;

z.config({ customError: () => INPUT_ERRORS.invalidInput });

const CODES = { 400: "bad_request", 413: "payload_too_large", 415: "unsupported_media_type" } as const;

/** The refusal is an AppError like any other: pages show it through the root ErrorBoundary, resource routes
 * as JSON with the message in the request's language (app/middleware/app-errors.server.ts). */
function refuse(refusal: Refusal): never {
  throw new AppError(CODES[refusal.status], refusal.messageKey);
}

export const inputGuard: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  // Marked by server.ts's origin check (ADR 025): our 403 page in the visitor's language, nothing read.
  if (context.get(requestInfoContext).crossSite) throw new AppError("forbidden", INPUT_ERRORS.crossSite);
  if (params.lang !== undefined && !isLocale(params.lang)) throw new AppError("not_found", "errors.notFoundText");
  if (urlHasNul(new URL(request.url))) refuse({ status: 400, messageKey: INPUT_ERRORS.invalidAddress });
  const refusal = await checkActionBody(request);
  if (refusal) refuse(refusal);
  return next();
};
