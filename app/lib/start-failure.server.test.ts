import { describe, expect, it } from "vitest";
import { describeDatabase, startFailureLine } from "./start-failure.server.ts";

const env = { HOST: "0.0.0.0", PORT: 4101, DATABASE_URL: "postgres://app:s3cret@db.internal:6543/academy" };

function wrapped(cause: Error): Error {
  // What drizzle's migrator throws: its own error around pg's.
  return Object.assign(new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"'), { cause });
}

describe("startFailureLine", () => {
  it("says why PostgreSQL refused, with host, port and database but never the password", () => {
    const cases: [string, string][] = [
      ["ECONNREFUSED", "connection refused"],
      ["ENOTFOUND", "host not found"],
      ["3D000", "the database does not exist"],
      ["28P01", "authentication failed"],
    ];
    for (const [code, reason] of cases) {
      const line = startFailureLine(wrapped(Object.assign(new Error("x"), { code })), env);
      expect(line).toBe(`Cannot use PostgreSQL at db.internal:6543/academy: ${line!.split(": ").slice(1).join(": ")}`);
      expect(line).toContain(reason);
      expect(line).not.toContain("s3cret");
      expect(line).not.toContain("\n");
    }
  });

  it("names a taken port and a data directory in use", () => {
    expect(startFailureLine(Object.assign(new Error("listen"), { code: "EADDRINUSE" }), env)).toBe(
      "Cannot listen on 0.0.0.0:4101: port 4101 is already in use. Stop the other server or set PORT.",
    );
    // The metrics port is named as such (METRICS_PORT): Node's listen error carries the port it wanted.
    const metricsTaken = Object.assign(new Error("listen"), { code: "EADDRINUSE", port: 9464 });
    expect(startFailureLine(metricsTaken, { ...env, METRICS_PORT: 9464 })).toBe(
      "Cannot listen on 127.0.0.1:9464: port 9464 is already in use. Stop the other server or set METRICS_PORT.",
    );
    expect(startFailureLine(Object.assign(new Error("listen"), { code: "EADDRINUSE", port: 4101 }), { ...env, METRICS_PORT: 9464 })).toContain("set PORT.");
    const inUse = Object.assign(new Error("another server is running on /srv/data (it answers on /srv/data/control.sock)"), {
      name: "DataDirInUseError",
    });
    expect(startFailureLine(inUse, env)).toBe(
      "Cannot start: another server is running on /srv/data (it answers on /srv/data/control.sock). Stop the other server first.",
    );
  });

  it("keeps the stack of a program error (null)", () => {
    expect(startFailureLine(new TypeError("undefined is not a function"), env)).toBeNull();
    expect(startFailureLine(wrapped(Object.assign(new Error("x"), { code: "42P01" })), env)).toBeNull();
    // Without DATABASE_URL a connection code is not PostgreSQL's.
    expect(startFailureLine(Object.assign(new Error("x"), { code: "ECONNREFUSED" }), { HOST: "h", PORT: 1 })).toBeNull();
  });

  it("describes a database URL without credentials", () => {
    expect(describeDatabase("postgres://u:p@127.0.0.1/x")).toBe("127.0.0.1:5432/x");
    expect(describeDatabase("not a url")).toBe("the configured database");
  });
});
