// A clock for the outbox worker that tests move forward instead of sleeping. Its "now" is the database's
// now() plus the time the test advanced, so rows the application stamps with now() compare with it as in
// production; its timers fire only when the test advances past them.
import { sql } from "drizzle-orm";
import type { OutboxClock } from "~/lib/outbox.server.ts";

export interface TestClock extends OutboxClock {
  /** Moves time forward by `ms` and fires, in order, every timer due by then. */
  advance(ms: number): void;
  /** Timers set and not yet fired or cancelled. */
  pending(): number;
  /** Resolves once `count` timers of `ms` have been set since the clock was made (a worker sets its next poll when a run ends). */
  timersSet(ms: number, count?: number): Promise<void>;
}

interface Timer {
  at: number;
  fn: () => void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  const timers = new Set<Timer>();
  const set: number[] = [];
  const waiters = new Set<() => void>();

  return {
    now: () => sql`(now() + ${`${offset} milliseconds`}::interval)`,
    setTimer(fn, ms) {
      const timer = { at: offset + Math.max(0, ms), fn };
      timers.add(timer);
      set.push(ms);
      for (const wake of waiters) wake();
      return () => timers.delete(timer);
    },
    advance(ms) {
      offset += ms;
      for (;;) {
        const due = [...timers].filter((t) => t.at <= offset).sort((a, b) => a.at - b.at)[0];
        if (!due) return;
        timers.delete(due);
        due.fn();
      }
    },
    pending: () => timers.size,
    timersSet(ms, count = 1) {
      const done = () => set.filter((m) => m === ms).length >= count;
      if (done()) return Promise.resolve();
      return new Promise((resolve) => {
        const check = () => {
          if (!done()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
  };
}
