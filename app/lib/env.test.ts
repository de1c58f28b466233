import fs from "node:fs";
import path from "node:path";
import { parseEnv as parseDotEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { applyStartDefaults, ConfigError, instanceId, logSettings, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("gives working defaults for a laptop: port 3000, embedded database, demo seeding on", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("turns demo seeding off by default on PostgreSQL, on when asked", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@db:5432/app" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u@db:5432/app", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT .*"abc"/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "not a url" }, /^Invalid configuration: DATABASE_URL /],
    [{ DATABASE_URL: "mysql://x@y/z" }, /^Invalid configuration: DATABASE_URL /],
    [{ SMTP_URL: "http://mail" }, /^Invalid configuration: SMTP_URL /],
    [{ AUTH_SECRET: "short" }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters \(got "\*\*\*"\)$/],
    [{ SEED_DEMO: "maybe" }, /^Invalid configuration: SEED_DEMO /],
  ])("rejects %o with a one-line message naming the variable", (source, message) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("refuses production mail from no-reply@localhost: SMTP_URL needs MAIL_FROM unless PUBLIC_URL names the site (issue 36 item 10)", () => {
    const smtp = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587" };
    expect(() => parseEnv(smtp)).toThrow(/^Invalid configuration: MAIL_FROM is required when SMTP_URL is set/);
    expect(() => parseEnv({ ...smtp, PUBLIC_URL: "http://127.0.0.1:3000" })).toThrow(/MAIL_FROM/);
    expect(parseEnv({ ...smtp, PUBLIC_URL: "https://academy.example" }).MAIL_FROM).toBeUndefined();
    expect(parseEnv({ ...smtp, MAIL_FROM: "Academy <hello@academy.example>" }).MAIL_FROM).toBe("Academy <hello@academy.example>");
    // Without SMTP nothing leaves the server (emails are logged), and a laptop needs no sender.
    expect(parseEnv({ NODE_ENV: "production" }).MAIL_FROM).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" }).MAIL_FROM).toBeUndefined();
  });

  it("refuses production on PostgreSQL without AUTH_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@db/app" })).toThrow(/AUTH_SECRET/);
    expect(
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@db/app", AUTH_SECRET: "x".repeat(32) }).NODE_ENV,
    ).toBe("production");
  });
});

describe("auth rate limits", () => {
  it("default to 20 failed sign-ins a minute and 5 reset requests in 10 minutes", () => {
    const env = parseEnv({});
    expect(env.RATE_LIMIT_LOGIN).toBe("20/60");
    expect(env.RATE_LIMIT_RESET).toBe("5/600");
    expect(parseEnv({ RATE_LIMIT_LOGIN: "10/30" }).RATE_LIMIT_LOGIN).toBe("10/30");
  });

  it.each([["RATE_LIMIT_LOGIN"], ["RATE_LIMIT_RESET"]])("rejects a malformed %s naming it", (name) => {
    expect(() => parseEnv({ [name]: "lots" })).toThrow(new RegExp(`^Invalid configuration: ${name} must be "points/seconds"`));
    expect(() => parseEnv({ [name]: "0/60" })).toThrow(ConfigError);
  });
});

describe("metrics and the instance name (issue 33 item 5)", () => {
  it("leaves metrics off unless METRICS_TOKEN or METRICS_PORT is set", () => {
    const off = parseEnv({ METRICS_TOKEN: "", METRICS_PORT: "" });
    expect(off.METRICS_TOKEN).toBeUndefined();
    expect(off.METRICS_PORT).toBeUndefined();
    const on = parseEnv({ METRICS_TOKEN: "a-long-scrape-token-0123", METRICS_PORT: "9464" });
    expect(on.METRICS_TOKEN).toBe("a-long-scrape-token-0123");
    expect(on.METRICS_PORT).toBe(9464);
  });

  it("refuses a short token, a token with spaces, a bad port or the site's own port, without echoing the token", () => {
    for (const token of ["short", "sixteen chars ok?", "x".repeat(257)]) {
      expect(() => parseEnv({ METRICS_TOKEN: token })).toThrow(/^Invalid configuration: METRICS_TOKEN must be 16 to 256 printable characters without spaces \(got "\*\*\*"\)$/);
    }
    for (const port of ["0", "65536", "ninety", "94.64"]) {
      expect(() => parseEnv({ METRICS_PORT: port }), port).toThrow(/^Invalid configuration: METRICS_PORT must be a port number/);
    }
    expect(() => parseEnv({ PORT: "8080", METRICS_PORT: "8080" })).toThrow(/^Invalid configuration: METRICS_PORT must differ from PORT/);
  });

  it("names the instance by INSTANCE_ID, else by host and process id", () => {
    expect(instanceId({ INSTANCE_ID: "web-2" }, "box.example.com", 4242)).toBe("web-2");
    expect(instanceId({ INSTANCE_ID: "" }, "box.example.com", 4242)).toBe("box-4242");
    expect(instanceId({}, "", 7)).toBe("host-7");
    // A wrong value falls back for the logger and is refused by the configuration in one line.
    expect(instanceId({ INSTANCE_ID: "two words" }, "box", 1)).toBe("box-1");
    expect(() => parseEnv({ INSTANCE_ID: "two words" })).toThrow(/^Invalid configuration: INSTANCE_ID /);
    expect(parseEnv({ INSTANCE_ID: "eu-1.web:3" }).INSTANCE_ID).toBe("eu-1.web:3");
  });
});

describe("the undo window of enrollment decisions", () => {
  it("is 30 seconds by default, set by DECISION_UNDO_SECONDS, and refused outside 1 to 600 seconds naming it", () => {
    expect(parseEnv({}).DECISION_UNDO_SECONDS).toBe(30);
    expect(parseEnv({ DECISION_UNDO_SECONDS: "" }).DECISION_UNDO_SECONDS).toBe(30);
    expect(parseEnv({ DECISION_UNDO_SECONDS: "5" }).DECISION_UNDO_SECONDS).toBe(5);
    for (const bad of ["0", "601", "-3", "2.5", "soon"]) {
      expect(() => parseEnv({ DECISION_UNDO_SECONDS: bad }), bad).toThrow(
        /^Invalid configuration: DECISION_UNDO_SECONDS must be an integer between 1 and 600/,
      );
    }
  });
});

describe("a .env copied from .env.example (issue 15 point 3)", () => {
  const example = parseDotEnv(fs.readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8")) as Record<
    string,
    string | undefined
  >;

  it("starts in production: its empty NODE_ENV means the default", () => {
    expect(example.NODE_ENV).toBe("");
    const source = { ...example };
    applyStartDefaults(source);
    expect(source.NODE_ENV).toBe("production");
    expect(parseEnv(source).NODE_ENV).toBe("production");
    // A value given is kept.
    const dev = { NODE_ENV: "development" };
    applyStartDefaults(dev);
    expect(dev.NODE_ENV).toBe("development");
  });

  it("parses with every empty value read as its default, the log level included", () => {
    const env = parseEnv({ ...example, LOG_LEVEL: "" });
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.PORT).toBe(3000);
    expect(logSettings({ LOG_LEVEL: "" }, false).level).toBe("info");
    expect(logSettings({ LOG_LEVEL: "  ", NODE_ENV: "test" }, false).level).toBe("silent");
    expect(logSettings({ LOG_LEVEL: "warn" }, false).level).toBe("warn");
    expect(logSettings(example, false)).toEqual({ level: "info", format: "json" });
  });

  it("leaves a wrong log level to the configuration's one-line refusal instead of crashing the logger", () => {
    expect(logSettings({ LOG_LEVEL: "loud" }, false).level).toBe("info");
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(ConfigError);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/^Invalid configuration: LOG_LEVEL /);
  });
});
