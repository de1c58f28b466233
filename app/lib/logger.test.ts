// Secrets never reach a log line (issue 14, item 7): the redaction of URLs, bodies and logged objects,
// and the application's logger end to end (what it writes for the request log, errors, messages).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { instanceId, logSettings } from "./env.server.ts";
import {
  APP_VERSION,
  createLogger,
  isSecretName,
  logDigest,
  REDACTED,
  redactQuery,
  redactText,
  redactValue,
  serializeError,
} from "./logger.server.ts";

const R = REDACTED;

describe("redactQuery", () => {
  it.each([
    ["/reset-password?token=Zq8vLr2Xk9TbYw3N", `/reset-password?token=${R}`],
    ["/en/reset-password.data?token=abc123&lang=en", `/en/reset-password.data?token=${R}&lang=en`],
    ["http://localhost:3000/ar/reset-password?lang=ar&token=abc123", `http://localhost:3000/ar/reset-password?lang=ar&token=${R}`],
    // repeated parameters, every one
    ["/x?token=a1&q=1&token=b2&token=c3", `/x?token=${R}&q=1&token=${R}&token=${R}`],
    // letter case and other names holding secrets
    ["/x?TOKEN=abc&Password=hunter2", `/x?TOKEN=${R}&Password=${R}`],
    ["/x?session_token=a&client_secret=b&newPassword=c&api_key=d&sig=ok", `/x?session_token=${R}&client_secret=${R}&newPassword=${R}&api_key=${R}&sig=ok`],
    ["/x?code=123456&backupCode=AbCdE-12345&totp=654321", `/x?code=${R}&backupCode=${R}&totp=${R}`],
    // encoded names: percent, double percent, plus for a space, brackets
    ["/x?%74oken=abc", `/x?%74oken=${R}`],
    ["/x?tok%65n=abc&pass%77ord=def", `/x?tok%65n=${R}&pass%77ord=${R}`],
    ["/x?%2574oken=abc", `/x?%2574oken=${R}`],
    ["/x?new+password=abc", `/x?new+password=${R}`],
    ["/x?user%5Bpassword%5D=abc&user[token]=def", `/x?user%5Bpassword%5D=${R}&user[token]=${R}`],
    // a malformed escape elsewhere does not stop the redaction
    ["/x?a=%E0%A4%A&tok%zzen=1&token=abc", `/x?a=%E0%A4%A&tok%zzen=1&token=${R}`],
    // fragments (never sent by browsers, but logged URLs may carry them)
    ["/x#token=abc", `/x#token=${R}`],
    ["/x?a=1#access_token=abc&b=2", `/x?a=1#access_token=${R}&b=2`],
    ["/x?token=abc#frag", `/x?token=${R}#frag`],
    ["/x#/path?token=abc", `/x#/path?token=${R}`],
    // other separators
    ["/x?a=1;token=abc", `/x?a=1;token=${R}`],
    // base64 padding stays inside the value
    ["/x?token=abc==&b=1", `/x?token=${R}&b=1`],
    // a URL nested unencoded in another parameter
    ["/login?from=/reset-password?token=abc", `/login?from=/reset-password?token=${R}`],
    // secret-looking pairs in a path, and in a value that is a path
    ["/en/reset-password/token=abc", `/en/reset-password/token=${R}`],
    ["http://h/x/code=123456", `http://h/x/code=${R}`],
    ["/login?from=/en/token=abc&lang=en", `/login?from=/en/token=${R}&lang=en`],
    // the token of a student's enrollment link (issue 37), and only a parameter named exactly `t`
    ["/ar/enrollment/ENR-ABCD-EFGH23?t=Qk9yZ3VzVG9rZW4xMjM0NQ", `/ar/enrollment/ENR-ABCD-EFGH23?t=${R}`],
    ["/en/courses?at=1&tab=2", "/en/courses?at=1&tab=2"],
  ])("%s", (input, expected) => {
    expect(redactQuery(input)).toBe(expected);
  });

  it("redacts a reset link nested (encoded) in another parameter, keeping that parameter", () => {
    for (const input of [
      "/login?from=%2Freset-password%3Ftoken%3Dabc123secret",
      "/login?from=%252Freset-password%253Ftoken%253Dabc123secret",
      "/api/language?to=%2Fen%2Freset-password%3Flang%3Den%26token%3Dabc123secret",
    ]) {
      const out = redactQuery(input);
      expect(out).not.toContain("abc123secret");
      expect(out).toMatch(/^\/[a-z/]+\?(from|to)=/);
      expect(decodeURIComponent(out.split("=").slice(1).join("="))).toContain(`token=${R}`);
    }
  });

  it.each([
    "/courses?q=react&page=2",
    "/en/courses/intro-to-react",
    "/admin/courses?dialog=edit&course=8d1c7a6e-0000-4000-8000-000000000000",
    "/x?token=",
    "/x?token",
    "/x?statusCode=500&countryCode=EG&lang=ar",
    "/healthz",
    "",
  ])("leaves %j as it is", (input) => {
    expect(redactQuery(input)).toBe(input);
  });

  it("redacts form bodies and is idempotent", () => {
    const body = "email=a%40b.example&password=hunter2&remember=on&__intent__=login";
    const once = redactQuery(body);
    expect(once).toBe(`email=a%40b.example&password=${R}&remember=on&__intent__=login`);
    expect(redactQuery(once)).toBe(once);
  });
});

describe("isSecretName", () => {
  it.each(["password", "currentPassword", "passwd", "token", "csrfToken", "secret", "code", "recoveryCodes", "totp_code", "otp", "cookie", "authorization", "%70assword"])(
    "%s is secret",
    (name) => expect(isSecretName(name)).toBe(true),
  );
  it.each(["email", "q", "lang", "statusCode", "status_code", "exitCode", "countryCode", "course", "from", "to", "page"])(
    "%s is not",
    (name) => expect(isSecretName(name)).toBe(false),
  );
});

describe("redactText and redactValue", () => {
  it("redacts secret members of JSON kept as text, keeping error codes", () => {
    const text = '{"email":"a@b.example","password":"hunter2","code":"INVALID_EMAIL_OR_PASSWORD","token":"t0k3n"}';
    expect(JSON.parse(redactText(text))).toEqual({ email: "a@b.example", password: R, code: "INVALID_EMAIL_OR_PASSWORD", token: R });
    expect(JSON.parse(redactText('{"code": "123456"}'))).toEqual({ code: R });
    expect(JSON.parse(redactText('{"code": 123456}'))).toEqual({ code: R });
  });

  it("replaces secret fields at any depth and rewrites URLs in every string, without touching the input", () => {
    const input = {
      url: "/reset-password?token=abc",
      req: { url: "/x?password=p", headers: { cookie: "better-auth.session_token=s", host: "h" } },
      originalUrl: "/x?secret=s",
      body: { email: "e@example.com", password: "p", newPassword: "n", mustChangePassword: true, code: "123456" },
      list: [{ token: "t" }, "/y?token=u"],
      status: 200,
      statusCode: 200,
    };
    const copy = structuredClone(input);
    expect(redactValue(input)).toEqual({
      url: `/reset-password?token=${R}`,
      req: { url: `/x?password=${R}`, headers: { cookie: R, host: "h" } },
      originalUrl: `/x?secret=${R}`,
      body: { email: "e@example.com", password: R, newPassword: R, mustChangePassword: true, code: R },
      list: [{ token: R }, `/y?token=${R}`],
      status: 200,
      statusCode: 200,
    });
    expect(input).toEqual(copy);
  });

  it("serializes errors with their message and stack redacted and their code kept", () => {
    const err = Object.assign(new Error("GET /reset-password?token=abc123 failed"), { code: "23505" });
    const out = serializeError(err) as { message: string; stack: string; code: string; type: string };
    expect(out.type).toBe("Error");
    expect(out.message).toBe(`GET /reset-password?token=${R} failed`);
    expect(out.stack).not.toContain("abc123");
    expect(out.code).toBe("23505");
  });
});

describe("the application logger", () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { log: createLogger("debug", stream), lines };
  }

  it("writes no token, password or code, whatever the field or message carries", () => {
    const { log, lines } = capture();
    log.info({ requestId: "r1", method: "GET", url: "/reset-password?token=SECRET1", status: 200, ms: 3 });
    log.info({ req: { method: "POST", url: "/en/reset-password?token=SECRET2", headers: { authorization: "Bearer SECRET3" } } });
    log.info({ originalUrl: "/x?code=SECRET4", href: "http://h/x#token=SECRET5" }, "visited /y?password=SECRET6");
    log.error({ err: new Error("fetch /reset-password?token=SECRET7 failed"), url: "http://h/x?token=SECRET8" }, "request error");
    log.error(new Error("bad /x?secret=SECRET9"));
    log.child({ url: "/child?token=SECRET10" }).warn("child");
    log.info({ body: "email=e%40x&password=SECRET11" }, "form");
    log.info({ body: '{"password":"SECRET12","email":"e@x"}' }, "json");
    log.info({ password: "SECRET13", user: { password: "SECRET14" } }, "flat");
    const out = lines.join("");
    expect(lines).toHaveLength(9);
    expect(out).not.toMatch(/SECRET\d/);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(JSON.parse(lines[0]!)).toMatchObject({ url: `/reset-password?token=${R}`, status: 200 });
    expect(JSON.parse(lines[3]!)).toMatchObject({ msg: "request error", url: `http://h/x?token=${R}` });
    expect(JSON.parse(lines[4]!)).toMatchObject({ msg: `bad /x?secret=${R}` });
  });
});

describe("the log format (issue 15 point 5)", () => {
  it("is readable at a terminal and JSON elsewhere unless LOG_FORMAT says", () => {
    const format = (source: Record<string, string>, tty: boolean) => logSettings(source, tty).format;
    expect(format({}, true)).toBe("pretty");
    expect(format({}, false)).toBe("json");
    expect(format({ LOG_FORMAT: "" }, false)).toBe("json");
    expect(format({ LOG_FORMAT: "json" }, true)).toBe("json");
    expect(format({ LOG_FORMAT: "pretty" }, false)).toBe("pretty");
  });
});

describe("who wrote a line, and at what level (issue 33 item 5)", () => {
  function lines(write: (log: ReturnType<typeof createLogger>) => void, identity?: { instance: string; version: string }) {
    const out: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        out.push(chunk.toString());
        done();
      },
    });
    write(createLogger("debug", stream, identity));
    return out.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("writes the level as a word and the pid, instance and version on every line, children's too", () => {
    const written = lines(
      (log) => {
        log.debug("d");
        log.info({ a: 1 }, "i");
        log.warn("w");
        log.error(new Error("e"));
        log.child({ requestId: "r" }).info("child");
      },
      { instance: "web-2", version: "9.9.9" },
    );
    expect(written.map((l) => l.level)).toEqual(["debug", "info", "warn", "error", "info"]);
    for (const line of written) expect(line).toMatchObject({ pid: process.pid, instance: "web-2", version: "9.9.9" });
  });

  it("reads the version from package.json, and names the instance by host and pid by default", () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { version: string };
    expect(APP_VERSION).toBe(pkg.version);
    const [line] = lines((log) => log.info("x"));
    expect(line).toMatchObject({ version: pkg.version, instance: instanceId(process.env, os.hostname(), process.pid) });
  });

  it("digests a typed email: the same for the same account, never the address", () => {
    expect(logDigest("Someone@Example.com ")).toBe(logDigest("someone@example.com"));
    expect(logDigest("someone@example.com")).not.toBe(logDigest("other@example.com"));
    expect(logDigest("someone@example.com")).toMatch(/^[\w-]{12}$/);
    expect(logDigest("someone@example.com")).not.toContain("someone");
  });
});
