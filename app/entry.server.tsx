import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { I18nextProvider } from "react-i18next";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce.tsx";
import { requestInfoContext } from "./lib/context.server.ts";
import { databaseSuspect } from "./lib/db-health.server.ts";
import { isDatabaseUnavailable } from "./lib/db.server.ts";
import { isStaffPath, localeOfPath } from "./lib/locale-url.ts";
import { logger } from "./lib/logger.server.ts";
import { renderDocument } from "./lib/render-document.server.ts";
import { coalescingStream } from "./lib/streams.server.ts";
import { getInstanceOrFallback } from "./middleware/i18next.server.ts";

// Lifecycle for server.ts: the same module instances the routes use.
export { bootstrap, isReady, readiness, shutdown } from "./bootstrap.server.ts";
export { requestInfoContext } from "./lib/context.server.ts";
export { publicPage } from "./lib/public-cache.server.ts";

export const streamTimeout = 5_000;

/**
 * D19 revised: a public page is one URL per language and depends on nothing else, so a CDN may keep it by
 * URL alone. Staff pages follow the signed-in user and their saved language: never stored.
 */
function cacheControl(request: Request, status: number): string {
  const path = new URL(request.url).pathname;
  if (status !== 200 || request.method !== "GET") return "no-store";
  if (isStaffPath(path)) return "private, no-store";
  // stale-if-error: a cache may keep answering with this copy for an hour while the site is failing, as
  // the server's own page cache does while the database is down (app/lib/public-cache.server.ts).
  if (localeOfPath(path)) return "public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=3600";
  return "private, no-cache";
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  // A page whose data could not be read because the database went away during the request answers 503
  // (try again later), as the root loader does when it cannot reach the database at all — not 500.
  if (responseStatusCode === 500 && (databaseUnavailable.has(request) || databaseUnavailable.has(routerContext))) {
    responseStatusCode = 503;
  }
  const { nonce } = routerContext.get(requestInfoContext);
  const i18n = getInstanceOrFallback(routerContext);
  const userAgent = request.headers.get("user-agent");
  const { pipe } = await renderDocument(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      nonce,
      waitForAll: Boolean((userAgent && isbot(userAgent)) || entryContext.isSpaMode),
      deadlineMs: streamTimeout + 1000,
      onError(error, shellSent) {
        responseStatusCode = 500;
        if (shellSent) logger.error({ err: error }, "render error");
      },
    },
  );
  // One chunk per turn of the event loop, not one per React write: each chunk is a flush of the
  // compressor behind the response (app/lib/streams.server.ts).
  const body = coalescingStream();
  const stream = createReadableStreamFromReadable(body);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", cacheControl(request, responseStatusCode));
  }
  // Only pages without a language in the URL depend on the cookie and the browser's languages.
  if (!localeOfPath(new URL(request.url).pathname)) responseHeaders.append("Vary", "Cookie, Accept-Language");
  const response = new Response(stream, { headers: responseHeaders, status: responseStatusCode });
  pipe(body);
  return response;
}

/**
 * Requests (and their router contexts) whose loader or action failed because the database was
 * unreachable. React Router calls handleError with the original error before it renders, and hands
 * the render only a sanitized copy in production, so the mark is set here and read in handleRequest.
 */
const databaseUnavailable = new WeakSet<object>();

export function handleError(error: unknown, { request, context }: { request: Request; context?: unknown }) {
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request);
    if (context && typeof context === "object") databaseUnavailable.add(context);
    databaseSuspect("a request could not reach the database");
  }
  if (request.signal.aborted) return;
  // A client's mistake (a POST to a page that has no form: 405; a file that is not there: 404) is no error
  // of ours, and any client can send a stream of them: one info line with the reason, never a stack.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, reason: error.statusText, url: request.url }, "request refused");
    return;
  }
  logger.error({ err: error, url: request.url }, "request error");
}
