// The one channel from an AppError to what a person reads, run the way the server runs a resource route:
// React Router's static handler with the root's i18next and appErrors middleware in front of the real
// CSV export loader. A link or a download gets a short translated text; our components (Accept: JSON)
// get JSON with the message; nothing becomes a 500.
import { createStaticHandler, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorContext } from "~/lib/staff-session.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { appErrors } from "~/middleware/app-errors.server.ts";
import { i18nextMiddleware } from "~/middleware/i18next.server.ts";
import { loader as exportLoader } from "~/routes/admin/enrollments-export.ts";
import { createAdmin, createManager } from "../setup/actors.ts";
import { createTestDatabase, type TestDatabase } from "../setup/db.ts";

let database: TestDatabase;
let viewer: Actor;
let admin: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createAdmin();
  viewer = await createManager(admin, "viewer@example.com", ["enrollments:view"]);
});
afterAll(async () => {
  await database.destroy();
});

/** A server middleware in a static handler's route (whose `next` is typed loosely): resource routes answer Responses. */
function onRoute(middleware: MiddlewareFunction<Response>): MiddlewareFunction {
  return (args, next) =>
    middleware(args, async () => {
      const answer = await next();
      if (!(answer instanceof Response)) throw new Error("a resource route answers a Response");
      return answer;
    });
}

const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    middleware: [onRoute(i18nextMiddleware), onRoute(appErrors)],
    children: [{ id: "export", path: "admin/enrollments/export.csv", loader: exportLoader }],
  },
]);

async function download(actor: Actor, query = "", headers: HeadersInit = {}): Promise<Response> {
  const request = new Request(`http://localhost/admin/enrollments/export.csv${query}`, { headers });
  const context = new RouterContextProvider();
  context.set(actorContext, actor);
  const answer = await handler
    .queryRoute(request, { requestContext: context, generateMiddlewareResponse: (query) => query(request) })
    .catch((thrown: unknown) => thrown);
  if (!(answer instanceof Response)) throw new Error(`not a response: ${String(answer)}`);
  return answer;
}

describe("an AppError from a resource route", () => {
  it("is a short translated text for a download link, in the request's language", async () => {
    const en = await download(viewer);
    expect(en.status).toBe(403);
    expect(en.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(en.headers.get("Cache-Control")).toBe("private, no-store");
    expect(en.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await en.text()).toBe("You don't have permission to export enrollments.");
    const ar = await download(viewer, "?lang=ar");
    expect(ar.status).toBe(403);
    expect(await ar.text()).toBe("ليست لديك صلاحية لتصدير طلبات التسجيل.");
  });

  it("is JSON with the message for our own components", async () => {
    const res = await download(viewer, "", { Accept: "application/json" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      ok: false,
      code: "forbidden",
      messageKey: "adminEnrollments.export.forbidden",
      message: "You don't have permission to export enrollments.",
    });
  });

  it("leaves a successful answer alone", async () => {
    const res = await download(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  });
});
