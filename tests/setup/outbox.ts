// Delivering every queued email in a test: the real outbox worker, its clock moved past each backoff
// instead of sleeping until a retry is due.
import { sql } from "drizzle-orm";
import { emailOutbox } from "@db/schema/index.ts";
import type { Executor } from "~/lib/db.server.ts";
import type { OutboxWorker } from "~/lib/outbox.server.ts";
import type { TestClock } from "./clock.ts";

/**
 * Runs `worker` until no email is left to send (each is sent, logged, or was withdrawn before it left);
 * each round moves `clock` on by `stepMs` (default: an hour, the longest backoff and past any undo window).
 */
export async function drainOutbox(worker: OutboxWorker, db: Executor, clock: TestClock, options: { rounds?: number; stepMs?: number } = {}): Promise<void> {
  const { rounds = 50, stepMs = 60 * 60_000 } = options;
  for (let i = 0; i < rounds; i++) {
    await worker.runOnce();
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(sql`${emailOutbox.status} not in ('sent', 'logged', 'cancelled')`);
    if (left?.n === 0) return;
    clock.advance(stepMs);
  }
  throw new Error(`outbox not drained in ${rounds} rounds`);
}
