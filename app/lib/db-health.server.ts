// Whether the database answers, as the operator reads it in the log (issue 33 item 5): one warn line when it
// stops answering, one info line when it answers again, never a line per failed request in between.
//
// What tells: readiness pings (/readyz), a pooled connection lost, a request that failed because the
// database could not be reached (entry.server's handleError). A report of trouble is checked with a ping
// first (one connection killed is not an outage); while the database is down it is pinged every few
// seconds, so its return is logged even when no request comes.

export interface HealthLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface DatabaseHealthOptions {
  /** true when the database answers (Database.ping). */
  ping: () => Promise<boolean>;
  log: HealthLogger;
  /** How often a database found down is pinged again. Default 5 s. */
  recheckMs?: number;
  now?: () => number;
}

export interface DatabaseHealth {
  /** A ping's outcome (readiness): logs a change of state. */
  observed(reachable: boolean): void;
  /** Something failed as if the database were gone: pings, and logs if it is. Resolves when checked. */
  suspect(reason: string): Promise<void>;
  /** Whether the last word was that it answers. */
  readonly up: boolean;
  stop(): void;
}

export function createDatabaseHealth(options: DatabaseHealthOptions): DatabaseHealth {
  const recheckMs = options.recheckMs ?? 5_000;
  const now = options.now ?? Date.now;
  // The start has just migrated the database: it answers.
  let up = true;
  let downSince = 0;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let stopped = false;

  function observed(reachable: boolean, reason = "ping failed"): void {
    if (stopped || reachable === up) return;
    up = reachable;
    if (!reachable) {
      downSince = now();
      options.log.warn({ reason }, "database unreachable");
      schedule();
    } else {
      options.log.info({ downMs: now() - downSince }, "database reachable again");
      clearTimeout(timer);
      timer = undefined;
    }
  }

  /** One ping at a time, whoever asks. */
  function check(reason?: string): Promise<void> {
    checking ??= options
      .ping()
      .catch(() => false)
      .then((reachable) => observed(reachable, reason))
      .finally(() => (checking = undefined));
    return checking;
  }

  function schedule(): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => {
      void check().then(() => {
        if (!up) schedule();
      });
    }, recheckMs);
    timer.unref();
  }

  return {
    observed: (reachable) => observed(reachable),
    suspect(reason) {
      if (!up || stopped) return Promise.resolve();
      return check(reason);
    },
    get up() {
      return up;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

let current: DatabaseHealth | undefined;

/** Installs the process's tracker (the start-up wiring), or removes it (shutdown). */
export function setDatabaseHealth(health: DatabaseHealth | undefined): void {
  current?.stop();
  current = health;
}

/** Reports a failure that looks like the database is gone (a request's error); a no-op before start-up. */
export function databaseSuspect(reason: string): void {
  void current?.suspect(reason);
}

/** Reports a readiness ping's outcome. */
export function databaseObserved(reachable: boolean): void {
  current?.observed(reachable);
}
