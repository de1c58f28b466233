// The one converter from an AppError to a form's reply (issue 35 item 2), as every form action uses it.
import { parseWithZod } from "@conform-to/zod/v4";
import { RateLimiterRes } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors.ts";
import { refusalOf } from "./form-reply.server.ts";

const schema = z.object({ email: z.string(), password: z.string() });
const submission = () => {
  const form = new FormData();
  form.set("email", "someone@example.com");
  form.set("password", "typed-secret");
  return parseWithZod(form, { schema });
};

describe("refusalOf", () => {
  it("answers the error's status and key, its fields under their names, the typed values without hidden ones", () => {
    const err = new AppError("conflict", "users.errors.emailTaken", { fields: { email: "users.errors.emailTaken" } });
    const { status, headers, reply } = refusalOf(err, submission(), { hideFields: ["password"] });
    expect(status).toBe(409);
    expect(headers).toBeUndefined();
    expect(reply.ok).toBe(false);
    expect(reply.messageKey).toBe("users.errors.emailTaken");
    expect(reply.result?.error).toEqual({ email: ["users.errors.emailTaken"] });
    expect(reply.result?.initialValue).toEqual({ email: "someone@example.com" });
  });

  it("carries Retry-After for a limit, and the newer version for an edit conflict", () => {
    const limited = new AppError("too_many_requests", "errors.tooMany", { cause: new RateLimiterRes(0, 42_000) });
    const first = refusalOf(limited);
    expect(first.status).toBe(429);
    expect(first.headers).toEqual({ "Retry-After": "42" });
    expect(first.reply.retryAfter).toBe(42);
    expect(first.reply.result).toBeUndefined();
    const at = new Date("2026-12-06T08:00:00Z").toISOString();
    const conflict = refusalOf(new AppError("conflict", "admin.errors.editConflict", { conflict: { by: "a@example.com", at } }));
    expect(conflict.reply.conflict).toEqual({ by: "a@example.com", at });
  });

  it("rethrows anything that is not an AppError", () => {
    const boom = new Error("database down");
    expect(() => refusalOf(boom, submission())).toThrow(boom);
  });
});
