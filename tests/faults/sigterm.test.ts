// Fault: SIGTERM while the server is busy (issue 8 point 6; QUALITY.md: graceful shutdown). The production
// server runs on a fresh PostgreSQL database under a steady load of catalogue pages and enrollment POSTs,
// each on its own connection. Three enrollment requests are "slow": their headers are sent (and the
// server has answered 100 Continue, so it has accepted them) but their bodies are not, when the process
// gets SIGTERM. The server must stop accepting connections, let the requests it had accepted finish —
// the slow ones too, whose bodies arrive after the signal — close the database and exit with 0.
//
// The server runs as `npm start` runs it: the compiled entry with plain node (scripts/lib/server-command.ts),
// one process that receives the signal. (Under tsx's CLI, which an earlier `npm start` used, this test
// failed: the CLI relays SIGTERM to its child and SIGKILLs it unless the child acknowledges within 30 ms,
// and a server busy with requests does not — the accepted requests were reset and the exit code was 143.)
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningApp } from "../e2e/harness.ts";
import {
  AUTH_SECRET,
  createDatabase,
  enrollmentForm,
  ensureBuild,
  postEnrollment,
  publishedCourse,
  request,
  sleep,
  stopApp,
  startServerProcess,
  type Course,
  type FaultDatabase,
  type Outcome,
} from "./helpers.ts";

let database: FaultDatabase;
let app: RunningApp | undefined;

beforeAll(async () => {
  ensureBuild();
  database = await createDatabase();
  app = await startServerProcess({
    DATABASE_URL: database.url,
    AUTH_SECRET,
    SEED_DEMO: "true",
    RATE_LIMIT_ENROLLMENT: "100000/60",
  });
});

afterAll(async () => {
  await stopApp(app);
  await database?.drop();
});

interface Slow {
  email: string;
  /** Resolves when the server answered 100 Continue: it has the request. */
  accepted: Promise<void>;
  /** Sends the body; resolves with the final answer. */
  finish(): Promise<Outcome>;
}

/** An enrollment POST whose body waits until `finish()`: accepted by the server, still in flight. */
function slowEnrollment(baseUrl: string, course: Course): Slow {
  const { body, email } = enrollmentForm(course, "slow");
  const req = http.request(`${baseUrl}/en/courses/${course.slug}/enroll`, {
    method: "POST",
    agent: false,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      Expect: "100-continue",
    },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode, body: text, enrollmentId: /ENR-[0-9A-Z]+-[0-9A-Z]{6}/.exec(text)?.[0] });
      });
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
  const accepted = new Promise<void>((resolve, reject) => {
    req.once("continue", () => resolve());
    req.once("error", reject);
  });
  req.flushHeaders();
  return {
    email,
    accepted,
    finish: () => {
      req.end(body);
      return outcome;
    },
  };
}

interface Sample extends Outcome {
  kind: "enroll" | "page";
  startedAt: number;
}

describe("SIGTERM under load", () => {
  it("finishes the requests it accepted, refuses new connections, and exits with 0", async () => {
    const course = await publishedCourse(database);

    // Load: each loop runs until the server refuses its connection.
    const samples: Sample[] = [];
    let signalledAt = Infinity;
    const loops = Array.from({ length: 4 }, async (_, w) => {
      for (;;) {
        const startedAt = performance.now();
        const kind = w % 2 === 0 ? "enroll" : "page";
        const outcome = kind === "enroll" ? await postEnrollment(app!.url, course, `term${w}`) : await request(`${app!.url}/en/courses`);
        samples.push({ kind, startedAt, ...outcome });
        if (outcome.error && performance.now() > signalledAt) return;
        if (performance.now() - signalledAt > 15_000) return;
        await sleep(10);
      }
    });

    await sleep(1_500);
    const slow = [slowEnrollment(app!.url, course), slowEnrollment(app!.url, course), slowEnrollment(app!.url, course)];
    await Promise.all(slow.map((s) => s.accepted));

    signalledAt = performance.now();
    const exited = app!.stop("SIGTERM");
    // The bodies of the accepted requests arrive after the signal.
    await sleep(300);
    const slowOutcomes = await Promise.all(slow.map((s) => s.finish()));
    await Promise.all(loops);
    const code = await exited;
    const output = app!.output();
    app = undefined;

    // The accepted requests were served in full, and their enrollments stored.
    for (const outcome of slowOutcomes) {
      expect(outcome.error).toBeUndefined();
      expect(outcome.status).toBe(200);
      expect(outcome.enrollmentId).toMatch(/^ENR-/);
    }

    const summary = JSON.stringify(
      samples.map((s) => [s.kind, Math.round(s.startedAt - signalledAt), Math.round((s.connectedAt ?? NaN) - signalledAt), s.status ?? s.error]),
    );
    expect(samples.filter((s) => s.startedAt < signalledAt).length, summary).toBeGreaterThan(8);
    // Every request on a connection opened well before the signal was answered, and answered 200 (the
    // database stays open until the last one is done). A connection opened in the last moments may
    // still have been waiting in the kernel's accept queue; those may only be refused.
    const accepted = samples.filter((s) => s.connectedAt !== undefined && s.connectedAt < signalledAt - 100);
    expect(accepted.length, summary).toBeGreaterThan(8);
    expect(accepted.filter((s) => s.status !== 200), summary).toEqual([]);
    // After the signal the server takes no new connection: refused, never reset half-way. A connection
    // the kernel had completed in the listen queue when the server stopped listening is reset by the
    // kernel before the client saw it connect (no 'connect' event, so not one byte of the request left
    // the client): for the visitor that is a refusal too, and it happens only at the signal's moment.
    const failed = samples.filter((s) => s.error);
    expect(failed.length, summary).toBeGreaterThan(0);
    const resetBeforeConnecting = (s: Sample) =>
      s.error === "ECONNRESET" && s.connectedAt === undefined && s.startedAt >= signalledAt - 100;
    const connectedAtTheSignal = (s: Sample) => s.connectedAt !== undefined && s.connectedAt >= signalledAt - 100;
    expect(
      failed.filter((s) => s.error !== "ECONNREFUSED" && !resetBeforeConnecting(s) && !connectedAtTheSignal(s)),
      summary,
    ).toEqual([]);
    expect(samples.filter((s) => s.status !== undefined && s.status !== 200), summary).toEqual([]);

    // Clean exit: the process closed the database and ended with 0, nothing unhandled.
    expect(code).toBe(0);
    expect(output).not.toMatch(/unhandled|uncaught/i);

    const confirmed = [...samples.filter((s) => s.kind === "enroll" && s.status === 200), ...slowOutcomes].map((s) => s.enrollmentId!);
    const stored = await database.query<{ enrollment_id: string }>(
      "select enrollment_id from enrollments where enrollment_id = any($1::text[])",
      [confirmed],
    );
    expect(stored.map((r) => r.enrollment_id).sort()).toEqual([...confirmed].sort());
  });
});
