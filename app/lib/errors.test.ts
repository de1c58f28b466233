// An AppError thrown by a loader, an action or a resource route reaches React Router as a thrown
// `data()`: its status and its AppErrorData, never a 500 with the message sanitized away (ADR 013).
import { createStaticHandler, isRouteErrorResponse, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError, appErrorData } from "./errors.ts";

const refusal = () => new AppError("forbidden", "admin.forbidden.title", { reason: "forbidden" });

const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    children: [
      {
        id: "page",
        path: "page",
        hasErrorBoundary: true,
        loader: () => {
          throw refusal();
        },
        action: () => {
          throw new AppError("not_found", "errors.notFoundTitle");
        },
      },
      {
        id: "file",
        path: "file",
        loader: () => {
          throw new AppError("too_many_requests", "errors.tooMany", { headers: { "Retry-After": "30" } });
        },
      },
    ],
  },
]);

describe("AppError through React Router", () => {
  it("a loader's refusal renders the boundary with its status and data", async () => {
    const context = await handler.query(new Request("http://x/page"));
    if (context instanceof Response) throw new Error("unexpected response");
    expect(context.statusCode).toBe(403);
    const error = context.errors?.page;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(isRouteErrorResponse(error) && appErrorData(error.data)).toEqual({
      code: "forbidden",
      messageKey: "admin.forbidden.title",
      reason: "forbidden",
      email: undefined,
    });
  });

  it("an action's refusal keeps its status", async () => {
    const context = await handler.query(new Request("http://x/page", { method: "POST", body: new FormData() }));
    if (context instanceof Response) throw new Error("unexpected response");
    expect(context.statusCode).toBe(404);
  });

  it("a resource route's refusal is a response with the status, its headers and the data", async () => {
    // As the server runs resource routes with middleware on (v8_middleware).
    const request = new Request("http://x/file");
    const response = await handler
      .queryRoute(request, { requestContext: new RouterContextProvider(), generateMiddlewareResponse: (query) => query(request) })
      .catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    if (!(response instanceof Response)) return;
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(await response.json()).toMatchObject({ code: "too_many_requests", messageKey: "errors.tooMany" });
  });

  it("keeps no stack, cause or SQL in what it shows", () => {
    const err = new AppError("conflict", "x.y", { cause: new Error("duplicate key value violates unique constraint") });
    expect(JSON.stringify(err.data)).toBe('{"code":"conflict","messageKey":"x.y"}');
    expect(err.init).toEqual({ status: 409, headers: { "Cache-Control": "no-store" } });
  });

  it("appErrorData reads only what an AppError sends", () => {
    expect(appErrorData(null)).toBeNull();
    expect(appErrorData({ messageKey: "a" })).toBeNull();
    expect(appErrorData({ messageKey: "a", code: "nope" })).toBeNull();
    expect(appErrorData({ messageKey: "a", code: "not_found", reason: 3 })).toEqual({ code: "not_found", messageKey: "a", reason: undefined, email: undefined });
  });
});
