// A task every instance runs on a timer (the orphaned uploads sweep, the held seats' expiry): first after
// `firstMs`, then every `intervalMs`; a run never overlaps the previous one (a slow run skips a tick), a
// failure is logged and the next tick tries again, and the timers never keep the process alive.
import { logger } from "./logger.server.ts";

export interface Periodic {
  stop(): void;
}

export function runPeriodically(task: string, fn: () => Promise<unknown>, opts: { firstMs: number; intervalMs: number }): Periodic {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    fn()
      .catch((err: unknown) => logger.warn({ err, task }, `${task} failed`))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, opts.firstMs);
  const every = setInterval(run, opts.intervalMs);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
