// Issue 34 item 4 on a real PostgreSQL server: while a run's row is locked (an approval of its last seat,
// or one that hangs), enrollment requests for that run go through instead of queueing behind the lock, each
// holding a pool connection, until the pool is empty and pages answer 503. And what does wait for a row lock
// gives up after the request's lock timeout (5 s) instead of holding its connection for ever.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDefaults } from "@db/seed/demo.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import { isDatabaseUnavailable, openDatabase, setDatabase, type Database } from "~/lib/db.server.ts";
import { lockRunSeats } from "~/domain/runs/run-seats.server.ts";
import { makeCourse, makeRun } from "../setup/factories.ts";
import { createDatabase, type FaultDatabase } from "./helpers.ts";

// The server secret a running app has: a request's confirmation email links the student's page (issue 37).
process.env.AUTH_SECRET ??= "fault-tests-server-secret-0123456789abcdefghij";

let database: FaultDatabase;
let app: Database;
/** A second instance of the app on the same database: it holds the run's lock as an approval does. */
let other: Database;

beforeAll(async () => {
  database = await createDatabase(undefined, "fault_run_lock");
  app = await openDatabase({ url: database.url, poolMax: 4 });
  await app.migrate();
  setDatabase(app);
  await seedDefaults(app.db);
  other = await openDatabase({ url: database.url, poolMax: 2 });
});

afterAll(async () => {
  await other?.close();
  setDatabase(undefined);
  await app?.close();
  await database?.drop();
});

describe("a run whose row is locked", () => {
  it("still takes 12 enrollment requests at once (a pool of 4), and an approval waiting for the lock gives up after 5 s", async () => {
    const course = await makeCourse({ isPublished: true });
    const run = await makeRun(course.id, { capacity: 1 });
    // The other instance approves the run's last seat and is slow to commit: it holds the run's lock.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const approval = other.db.transaction(async (tx) => {
      await lockRunSeats(tx, run.id);
      locked();
      await held;
    });
    await lockTaken;
    try {
      const requests = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          createEnrollment(
            {
              studentName: "Crowd Student",
              studentEmail: `crowd-${i}@example.com`,
              countryCode: "+20",
              phoneNumber: "01012345678",
              message: undefined,
              courseId: course.id,
              runId: run.id,
              website: "",
            },
            { locale: i % 2 ? "ar" : "en" },
          ),
        ),
      );
      expect(new Set(requests.map((r) => r.enrollmentId)).size).toBe(12);
      // An approval needs the lock: it waits, then ends with the 'unavailable' the page shows as a 503.
      const started = Date.now();
      const waited = await app.db.transaction((tx) => lockRunSeats(tx, run.id)).then(
        () => null,
        (err: unknown) => err,
      );
      expect(isDatabaseUnavailable(waited)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      release();
      await approval;
    }
  });
});
