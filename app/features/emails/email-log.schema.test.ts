import { describe, expect, it } from "vitest";
import { EMAIL_LOG_PAGE_SIZE, emailLogHref, parseEmailLogQuery, retryEmailSchema } from "./email-log.schema.ts";

const parse = (query: string) => parseEmailLogQuery(new URLSearchParams(query));

describe("email log query", () => {
  it("reads the status and the page", () => {
    expect(parse("status=failed&page=2")).toEqual({ status: "failed", page: 2 });
  });

  it("falls back to every status and page 1 on missing or bad values", () => {
    expect(parse("")).toEqual({ status: undefined, page: 1 });
    expect(parse("status=deleted&page=-1")).toEqual({ status: undefined, page: 1 });
    expect(parse("status=&page=x")).toEqual({ status: undefined, page: 1 });
  });

  it("builds the URL back, leaving defaults out", () => {
    expect(emailLogHref({ page: 1 })).toBe("/admin/emails");
    expect(emailLogHref({ status: "sent", page: 3 })).toBe("/admin/emails?status=sent&page=3");
  });

  it("shows 25 emails per page", () => {
    expect(EMAIL_LOG_PAGE_SIZE).toBe(25);
  });
});

describe("retry intent", () => {
  it("needs intent retry and an email id", () => {
    const id = "7af2c48e-deab-4ea1-b7f5-bae99e1c89ef";
    expect(retryEmailSchema.parse({ intent: "retry", emailId: id })).toEqual({ intent: "retry", emailId: id });
    for (const input of [{}, { intent: "resend", emailId: id }, { intent: "retry", emailId: "x" }]) {
      const result = retryEmailSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe("adminEmails.errors.invalidRequest");
    }
  });
});
