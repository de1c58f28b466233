// The admin action kit on its own: how a post is dispatched, refused and answered, whatever the page.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { adminAction, formText, intent } from "./admin-action.server.ts";
import { AppError } from "./errors.ts";
import type { Actor } from "./permissions.server.ts";
import type { Permission } from "./permissions.ts";
import { actorContext } from "./staff-session.server.ts";

function contextWith(permissions: Permission[], role = "instructor_course_manager") {
  const context = new RouterContextProvider();
  const actor: Actor = { id: "u1", email: "m@example.com", name: "M", role, mustChangePassword: false, permissions: new Set(permissions) };
  context.set(actorContext, actor);
  return context;
}

function post(fields: Record<string, string>) {
  return new Request("http://localhost/admin/things", { method: "POST", body: new URLSearchParams(fields) });
}

const calls: string[] = [];
const action = adminAction<"save" | "remove" | "explode", { thingId: string; name: string }>({
  guard: { permission: "courses:view" },
  invalidKey: "things.invalid",
  subject: (formData) => ({ thingId: formText(formData, "thingId") }),
  plain: ["things.saveFailed"],
  intents: {
    save: intent({
      schema: z.object({ intent: z.literal("save"), thingId: z.string(), name: z.string({ error: "things.nameRequired" }).min(2, { error: "things.nameShort" }) }),
      form: true,
      failureKey: "things.failedWith",
      run: async ({ thingId, name }) => {
        calls.push(`save ${name}`);
        if (name === "taken") throw new AppError("conflict", "things.nameTaken", { fields: { name: "things.nameTaken" } });
        if (name === "denied") throw new AppError("forbidden", "things.notYours");
        if (name === "broken") throw new AppError("unavailable", "things.saveFailed");
        return { thingId, name };
      },
    }),
    remove: intent({
      permission: "courses:delete",
      schema: z.object({ intent: z.literal("remove"), thingId: z.string() }),
      run: async ({ thingId }) => {
        calls.push(`remove ${thingId}`);
        return { thingId };
      },
    }),
    explode: intent({
      schema: z.object({ intent: z.literal("explode") }),
      run: async () => {
        throw new Error("database gone");
      },
    }),
  },
});

async function run(fields: Record<string, string>, permissions: Permission[] = ["courses:view"]) {
  try {
    const result = await action({ request: post(fields), context: contextWith(permissions) });
    return { status: result.init?.status ?? 200, data: result.data };
  } catch (thrown) {
    if (thrown instanceof AppError) return { status: thrown.status, thrown };
    throw thrown;
  }
}

describe("adminAction", () => {
  it("answers a post without a known intent with the page's invalid-request message (400), running nothing", async () => {
    calls.length = 0;
    const posts: Record<string, string>[] = [{}, { intent: "drop" }, { intent: "__proto__" }, { intent: "toString" }];
    for (const fields of posts) {
      expect(await run(fields)).toEqual({ status: 400, data: { intent: null, ok: false, messageKey: "things.invalid" } });
    }
    expect(calls).toEqual([]);
  });

  it("checks the page's guard and then the intent's own flag before anything runs", async () => {
    calls.length = 0;
    const page = await run({ intent: "save", thingId: "t1", name: "Nile" }, []);
    expect(page.status).toBe(403);
    const flag = await run({ intent: "remove", thingId: "t1" });
    expect(flag.status).toBe(403);
    expect(flag.thrown?.data).toMatchObject({ code: "forbidden", reason: "forbidden" });
    expect(calls).toEqual([]);
    expect(await run({ intent: "remove", thingId: "t1" }, ["courses:view", "courses:delete"])).toEqual({
      status: 200,
      data: { thingId: "t1", intent: "remove", ok: true },
    });
  });

  it("refuses bad input with the first message (400), field errors for a form, and the record it was about", async () => {
    calls.length = 0;
    const bad = await run({ intent: "save", thingId: "t9", name: "x" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ intent: "save", ok: false, thingId: "t9", messageKey: "things.nameShort", failureKey: "things.failedWith" });
    expect(bad.data?.result?.error).toMatchObject({ name: ["things.nameShort"] });
    expect(calls).toEqual([]);
  });

  it("turns a domain refusal into its status, beside its field when it names one", async () => {
    const taken = await run({ intent: "save", thingId: "t1", name: "taken" });
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({ ok: false, messageKey: "things.nameTaken", failureKey: "things.failedWith" });
    expect(taken.data?.result?.error).toMatchObject({ name: ["things.nameTaken"] });
    expect((await run({ intent: "save", thingId: "t1", name: "denied" })).status).toBe(403);
    // A message that already says what failed is not framed again.
    const broken = await run({ intent: "save", thingId: "t1", name: "broken" });
    expect(broken.status).toBe(503);
    expect(broken.data).toMatchObject({ ok: false, messageKey: "things.saveFailed" });
    expect(broken.data).not.toHaveProperty("failureKey");
  });

  it("reports what the intent returned, with the form reset after a save", async () => {
    const saved = await run({ intent: "save", thingId: "t1", name: "Nile" });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ intent: "save", ok: true, thingId: "t1", name: "Nile" });
    expect(saved.data?.result?.initialValue).toBeNull();
  });

  it("lets an unexpected failure through to the error boundary instead of calling it a refusal", async () => {
    await expect(run({ intent: "explode" })).rejects.toThrow("database gone");
  });
});
