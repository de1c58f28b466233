// The one place an AppError becomes what a person reads. Pages and `.data` requests get the error with
// its status from React Router (AppError has the shape of a thrown `data()`; ADR 013) and the nearest
// ErrorBoundary translates its messageKey. A resource route (the CSV export, uploads, documents) has no
// boundary: here its error answer becomes the message in the request's language, as JSON for our own
// components (they ask with Accept: application/json) and as a short text for a link or a download.
import type { MiddlewareFunction } from "react-router";
import { appErrorData } from "~/lib/errors.ts";
import { getInstanceOrFallback } from "./i18next.server.ts";

function isJson(response: Response): boolean {
  return /^application\/json\b/i.test(response.headers.get("Content-Type") ?? "");
}

function wantsJson(request: Request): boolean {
  return /\bapplication\/json\b/i.test(request.headers.get("Accept") ?? "");
}

export const appErrors: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (response.status < 400 || !isJson(response)) return response;
  const body = appErrorData(await response.clone().json().catch(() => null));
  if (!body) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  const message = getInstanceOrFallback(context).t(body.messageKey);
  if (wantsJson(request)) {
    return Response.json({ ok: false, code: body.code, messageKey: body.messageKey, message }, { status: response.status, headers });
  }
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, { status: response.status, headers });
};
