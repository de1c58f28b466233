// Why the server could not start, as one line for the operator (issue 15 point 4): the known refusals of
// the environment (port taken, data directory in use, PostgreSQL unreachable or refusing) never reach the
// terminal as a stack trace. Anything else is a program error and keeps its stack.
import { errorChain, errorField } from "./error-codes.ts";

interface ErrorFacts {
  name: string;
  code: string;
  message: string;
  /** The port of a failed listen (Node's error carries it). */
  port?: number;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The error and its causes, outermost first (drizzle wraps pg's error in a DrizzleQueryError). */
function chain(err: unknown): ErrorFacts[] {
  return errorChain(err, 8).map((e) => ({
    name: text(errorField(e, "name")),
    code: text(errorField(e, "code")),
    message: text(errorField(e, "message")),
    port: typeof errorField(e, "port") === "number" ? Number(errorField(e, "port")) : undefined,
  }));
}

/** host:port/database of a PostgreSQL URL, never its user or password. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}:${u.port || "5432"}${u.pathname || ""}`;
  } catch {
    return "the configured database";
  }
}

const PG_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused (is PostgreSQL running and listening there?)",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name could not be resolved",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  "3D000": "the database does not exist (create it first)",
  "28P01": "authentication failed (check the user and password in DATABASE_URL)",
  "28000": "the server refused this user (check pg_hba.conf and the user in DATABASE_URL)",
  "53300": "too many connections",
  "57P03": "the server is starting up or shutting down",
};

/** One line saying why the start failed, or null for an error that is the program's own (stack kept). */
export function startFailureLine(
  err: unknown,
  env: { DATABASE_URL?: string; HOST: string; PORT: number; METRICS_PORT?: number },
): string | null {
  const errors = chain(err);
  // By name: the server build bundles its own copy of the class (app/lib/backup.server.ts).
  const inUse = errors.find((e) => e.name === "DataDirInUseError");
  if (inUse) return `Cannot start: ${inUse.message}. Stop the other server first.`;
  for (const e of errors) {
    const code = e.code;
    if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL") {
      const why = code === "EADDRINUSE" ? "is already in use" : code === "EACCES" ? "needs more privileges" : "is not available on this machine";
      // The metrics port (METRICS_PORT, on 127.0.0.1) is the other port a start listens on.
      if (env.METRICS_PORT !== undefined && e.port === env.METRICS_PORT) {
        return `Cannot listen on 127.0.0.1:${env.METRICS_PORT}: port ${env.METRICS_PORT} ${why}. Stop the other server or set METRICS_PORT.`;
      }
      return `Cannot listen on ${env.HOST}:${env.PORT}: port ${env.PORT} ${why}. Stop the other server or set PORT.`;
    }
  }
  if (env.DATABASE_URL) {
    for (const e of errors) {
      const reason = e.code ? PG_REASONS[e.code] : undefined;
      if (reason) return `Cannot use PostgreSQL at ${describeDatabase(env.DATABASE_URL)}: ${reason}.`;
    }
  }
  return null;
}
