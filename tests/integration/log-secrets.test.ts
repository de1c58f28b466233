// The check the e2e global teardown runs on the shared server's captured log (issue 14, item 7):
// it passes on what the application's logger writes for requests carrying secrets, and fails on a leak.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server.ts";
import { assertNoSecretsInOutput, secretsInOutput } from "../e2e/harness.ts";

function serverLog(write: (log: ReturnType<typeof createLogger>) => void): string {
  let out = "";
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  write(createLogger("info", stream));
  return out;
}

describe("the e2e log check", () => {
  it("passes on the application's request log of reset links, sign-ins and nested redirects", () => {
    const out = serverLog((log) => {
      for (const url of [
        "/en/reset-password?token=Zq8vLr2Xk9TbYw3NcPd7",
        "/ar/reset-password.data?lang=ar&token=Zq8vLr2Xk9TbYw3NcPd7",
        "/reset-password?token=NotARealTokenAtAll12345",
        "/en/login?from=%2Fen%2Freset-password%3Ftoken%3DZq8vLr2Xk9TbYw3NcPd7",
        "/x?password=Admin-Passw0rd!&secret=s3cr3t-value",
      ]) {
        log.info({ requestId: "r", method: "GET", url, status: 200, ms: 1 });
      }
      log.error({ err: new Error("GET /reset-password?token=Zq8vLr2Xk9TbYw3NcPd7 failed"), url: "http://h/reset-password?token=Zq8vLr2Xk9TbYw3NcPd7" }, "request error");
      log.info({ outboxId: "1", kind: "password-reset", to: "admin@example.com", subject: "Reset your password" }, "email (SMTP not configured, envelope logged only)");
    });
    expect(out).toContain("reset-password");
    expect(secretsInOutput(out)).toEqual([]);
    expect(() => assertNoSecretsInOutput(out)).not.toThrow();
  });

  it("finds an unredacted token (plain or encoded) and a known password", () => {
    const leaks = [
      '{"level":30,"url":"/en/reset-password?token=Zq8vLr2Xk9TbYw3NcPd7","status":200}',
      '{"level":30,"url":"/en/login?from=%2Fen%2Freset-password%3Ftoken%3DZq8vLr2Xk9TbYw3NcPd7"}',
      '{"level":30,"body":"email=a%40b&password=hunter22"}',
      '{"level":40,"msg":"signed in with Admin-Passw0rd!"}',
    ];
    for (const line of leaks) expect(secretsInOutput(`${line}\n`), line).toHaveLength(1);
    expect(() => assertNoSecretsInOutput(leaks.join("\n"))).toThrow(/secrets in the server log \(4\)/);
    // The message names what leaked, never the password itself.
    expect(() => assertNoSecretsInOutput(leaks[3]!)).toThrow(/<password>/);
  });
});
