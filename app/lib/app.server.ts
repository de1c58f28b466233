// The running app's state: configuration, the better-auth instance, the secret and the outbox worker.
// Set by the start-up wiring (app/bootstrap.server.ts) once the database is open; read by whatever
// needs the live instances (sessions, sign-out, the outbox nudge). Throws while the app is not started.
import type { Auth } from "./better-auth.server.ts";
import type { Env } from "./env.server.ts";
import type { OutboxWorker } from "./outbox.server.ts";

export interface AppState {
  env: Env;
  auth: Auth;
  secret: string;
  worker: OutboxWorker;
  sweep: { stop(): void };
}

let state: AppState | undefined;

export function appState(): AppState {
  if (!state) throw new Error("App is not started");
  return state;
}

export function setAppState(next: AppState): void {
  state = next;
}

/** Clears the state (shutdown) and returns what it was, so the caller can stop what it holds. */
export function takeAppState(): AppState | undefined {
  const previous = state;
  state = undefined;
  return previous;
}
