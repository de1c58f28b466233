// A page request as the server answers it, without a build: server.ts's look-up in the public page cache
// first, then React Router's own static handler over the app's real route config (app/routes.ts), the real
// root middleware and loader, and the real route modules (loaded when matched, as the router loads them).
// Routing, params decoding, middleware order, thrown redirects and the error bubbling to a boundary are
// React Router's; only the HTML is a stand-in for the React render: the leaf's data on a 200, and for an
// error the root ErrorBoundary's title in the request's language (from the i18next middleware).
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  createStaticHandler,
  RouterContextProvider,
  type ActionFunction,
  type LoaderFunction,
  type MiddlewareFunction,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import routeConfig from "~/routes.ts";
import * as root from "~/root.tsx";
import { requestInfoContext } from "~/lib/context.server.ts";
import { publicCacheSettled, publicPage } from "~/lib/public-cache.server.ts";
import { getInstanceOrFallback } from "~/middleware/i18next.server.ts";
import { BASE_URL } from "./route-call.ts";

const APP = path.resolve(import.meta.dirname, "../../app");

/** The root middleware as a static handler's route takes it (its `next` is typed loosely there). */
function onRoute(middleware: MiddlewareFunction<Response>): MiddlewareFunction {
  return (args, next) =>
    middleware(args, async () => {
      const answer = await next();
      if (!(answer instanceof Response)) throw new Error("the render answers a Response");
      return answer;
    });
}

/** What the harness reads of a route module. */
interface RouteModule {
  loader?: LoaderFunction;
  action?: ActionFunction;
  middleware?: MiddlewareFunction<Response>[];
  ErrorBoundary?: unknown;
}

const modules = new Map<string, Promise<RouteModule>>();

function load(file: string): Promise<RouteModule> {
  let loading = modules.get(file);
  if (!loading) {
    loading = import(/* @vite-ignore */ path.join(APP, file));
    modules.set(file, loading);
  }
  return loading;
}

/** A route of app/routes.ts, its module loaded when it first matches; the id as React Router's build gives it. */
function toRoute(entry: RouteConfigEntry): RouteObject {
  const common = {
    id: entry.id ?? entry.file.replace(/\.tsx?$/, ""),
    path: entry.path,
    caseSensitive: entry.caseSensitive,
    lazy: {
      loader: async () => (await load(entry.file)).loader,
      action: async () => (await load(entry.file)).action,
      middleware: async () => (await load(entry.file)).middleware?.map(onRoute),
      hasErrorBoundary: async () => (await load(entry.file)).ErrorBoundary !== undefined,
    },
  };
  return entry.index ? { ...common, index: true } : { ...common, children: entry.children?.map(toRoute) };
}

const handler = createStaticHandler([
  {
    id: "root",
    path: "",
    loader: root.loader,
    middleware: root.middleware.map(onRoute),
    hasErrorBoundary: true,
    children: routeConfig.map(toRoute),
  },
]);

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in render: the status React Router decided, an inline script carrying the nonce (as React's do). */
function render(result: StaticHandlerContext, context: RouterContextProvider, nonce: string): Response {
  const i18n = getInstanceOrFallback(context);
  const [error] = Object.values(result.errors ?? {});
  const leaf = result.matches.at(-1)?.route.id ?? "";
  const main =
    error === undefined
      ? JSON.stringify(result.loaderData[leaf] ?? null)
      : i18n.t(result.statusCode === 404 ? "errors.notFoundTitle" : "errors.serverErrorTitle");
  const html =
    `<!DOCTYPE html><html lang="${i18n.language}"><body><main>${escapeHtml(main)}</main>` +
    `<script nonce="${nonce}">window.__boot = 1;</script></body></html>`;
  return new Response(html, { status: result.statusCode, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export interface AppAnswer {
  status: number;
  /** A redirect's target. */
  location: string | null;
  /** The page's HTML (the stand-in's) or the stored copy's. */
  body: string;
  /** Answered by server.ts from the page cache, before React Router. */
  fromCache: boolean;
}

let nonces = 0;

/** GET `pathAndQuery` as a browser would, through the page cache and the router; the cache's work is settled. */
export async function requestPage(pathAndQuery: string, headers: HeadersInit = {}): Promise<AppAnswer> {
  const found = await publicPage("GET", pathAndQuery, "identity");
  if (found?.page) return { status: 200, location: null, body: found.page.body.toString("utf8"), fromCache: true };
  const request = new Request(`${BASE_URL}${pathAndQuery}`, { headers });
  const context = new RouterContextProvider();
  const nonce = `nonce${++nonces}`.padEnd(24, "x");
  context.set(requestInfoContext, { nonce, requestId: `request-${nonces}`, ip: "203.0.113.20" });
  const answer = await handler.query(request, {
    requestContext: context,
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      return result instanceof Response ? result : render(result, context, nonce);
    },
  });
  await publicCacheSettled();
  if (!(answer instanceof Response)) throw new Error(`not a response: ${String(answer)}`);
  return { status: answer.status, location: answer.headers.get("Location"), body: await answer.text(), fromCache: false };
}
