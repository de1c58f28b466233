// Calling a route module's loader or action as React Router does: a real Request, a RouterContextProvider
// holding the staff actor (what the admin layout's middleware puts there), the root's i18next middleware in
// front, and whatever the function returns or throws turned into what the browser would get: a status,
// the data, the headers. The real route modules and the real database; nothing is mocked.
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { isAppError, type AppError } from "~/lib/errors.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { actorContext } from "~/lib/staff-session.server.ts";
import { i18nextMiddleware } from "~/middleware/i18next.server.ts";

export const BASE_URL = "http://localhost";

/** What React Router hands a loader, an action or a middleware. */
export interface DataArgs<P> {
  request: Request;
  url: URL;
  pattern: string;
  params: P;
  context: Readonly<RouterContextProvider>;
}

/** The data a route function answers: what it returned, unwrapped from `data()`; never a Response. */
export type RouteData<R> = R extends DataWithResponseInit<infer D> ? D : R extends Response ? never : R;

export interface RouteCall<T> {
  /** 200 for plain data; `data()`'s status; a Response's status; an AppError's status. */
  status: number;
  /** What the function returned (unwrapped from `data()`); undefined for a Response or anything thrown. */
  data: T | undefined;
  headers: Headers;
  /** A Response returned or thrown (a redirect, a file). */
  response?: Response;
  /** An AppError thrown (a refusal). */
  error?: AppError;
  /** Whatever was thrown: a redirect, an AppError, a `data()` refusal. */
  thrown?: unknown;
}

type Fields = Record<string, string | readonly string[]> | readonly (readonly [string, string])[];

export interface CallOptions<P> {
  /** The request to send; otherwise built from `url`, `form` and `headers`. */
  request?: Request;
  /** Path and query ("/admin/courses?page=2") or an absolute URL. */
  url?: string;
  /** A form post (application/x-www-form-urlencoded, with this site's Origin); arrays repeat a field. */
  form?: Fields;
  headers?: HeadersInit;
  /** The staff member the admin layout's middleware found (null: nobody signed in). */
  actor?: Actor | null;
  /** A context to use instead of a new one (values set by the caller are kept). */
  context?: RouterContextProvider;
  params?: P;
  /** The URL pattern (for logs); the URL's path by default. */
  pattern?: string;
  /** Run behind the root's i18next middleware, as every page is (default true). */
  i18n?: boolean;
}

function body(fields: Fields): URLSearchParams {
  const search = new URLSearchParams();
  const entries = Array.isArray(fields) ? fields : Object.entries(fields);
  for (const [name, value] of entries) for (const one of [value].flat()) search.append(name, one);
  return search;
}

/** The Request a browser would send: a GET, or a form post when `form` is given. */
export function buildRequest(options: Pick<CallOptions<unknown>, "url" | "form" | "headers"> = {}): Request {
  const url = new URL(options.url ?? "/", BASE_URL);
  if (!options.form) return new Request(url, { headers: options.headers });
  const headers = new Headers(options.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded");
  if (!headers.has("Origin")) headers.set("Origin", url.origin);
  return new Request(url, { method: "POST", body: body(options.form), headers });
}

/** A context as the server and the admin layout leave it: the actor set when given. */
export function contextFor(actor?: Actor | null): RouterContextProvider {
  const context = new RouterContextProvider();
  if (actor !== undefined) context.set(actorContext, actor);
  return context;
}

/** The arguments React Router passes for this request. */
export function routeArgs<P>(request: Request, params: P, context: Readonly<RouterContextProvider>, pattern?: string): DataArgs<P> {
  const url = new URL(request.url);
  return { request, url, pattern: pattern ?? url.pathname, params, context };
}

/** What `data(value, init)` makes (its class is not exported at run time). */
function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit" && "init" in value;
}

function settle<T>(value: unknown, thrown: boolean, data: (v: unknown) => T | undefined): RouteCall<T> {
  if (value instanceof Response) return { status: value.status, data: undefined, headers: value.headers, response: value, ...(thrown ? { thrown: value } : {}) };
  if (isAppError(value)) {
    return { status: value.status, data: undefined, headers: new Headers(value.init.headers), error: value, thrown: value };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    const status = value.init?.status ?? 200;
    return thrown ? { status, data: undefined, headers, thrown: value } : { status, data: data(value.data), headers };
  }
  if (thrown) throw value;
  return { status: 200, data: data(value), headers: new Headers() };
}

async function call<P, R>(fn: (args: DataArgs<P>) => R, params: P, options: CallOptions<P>): Promise<RouteCall<RouteData<Awaited<R>>>> {
  const request = options.request ?? buildRequest(options);
  const context = options.context ?? contextFor(options.actor);
  if (options.context && options.actor !== undefined) context.set(actorContext, options.actor);
  const args = routeArgs(request, params, context, options.pattern);
  // The function's own answer, whatever its type: React Router serialises it as it comes.
  const own = (v: unknown) => v as RouteData<Awaited<R>>;
  const run = async (): Promise<RouteCall<RouteData<Awaited<R>>>> => {
    try {
      return settle(await fn(args), false, own);
    } catch (thrown) {
      return settle(thrown, true, own);
    }
  };
  if (options.i18n === false) return run();
  let result: RouteCall<RouteData<Awaited<R>>> | undefined;
  try {
    await i18nextMiddleware(routeArgs(request, {}, context, options.pattern), async () => {
      result = await run();
      return new Response(null);
    });
  } catch (thrown) {
    // The middleware itself answered (a redirect): the route function never ran.
    return settle(thrown, true, own);
  }
  return result!;
}

/** Calls a loader; see `CallOptions`. A thrown redirect, `data()` or AppError becomes the result's status. */
export function callLoader<P, R>(fn: (args: DataArgs<P>) => R, options: CallOptions<P> = {}): Promise<RouteCall<RouteData<Awaited<R>>>> {
  // A route without dynamic segments has empty params.
  return call(fn, options.params ?? ({} as P), options);
}

/** Calls an action with a form post (`form`) or the given `request`; see `CallOptions`. */
export const callAction = callLoader;
