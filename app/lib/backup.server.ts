// Backups of the embedded database (ADR 006, issue 8 item 7). PGlite runs inside the server process and
// only one process may open its directory, so a backup of a running site is taken by the server itself:
// it listens on a Unix socket in DATA_DIR (owner-only permissions, no network port) and `npm run
// db:backup` asks it for a snapshot. With the server stopped, the scripts open the directory themselves.
//
// A snapshot is a gzipped tar of the PostgreSQL data directory, taken while no transaction is open and no
// query runs (PGlite's own locks), after a CHECKPOINT: restoring it is like restarting after a power cut at
// that instant — every committed transaction is there, nothing half-done is.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { z } from "zod";

/** The server's control socket: DATA_DIR/control.sock. */
export function controlSocketPath(dataDir: string): string {
  return path.resolve(dataDir, "control.sock");
}

export function backupsDir(dataDir: string): string {
  return path.resolve(dataDir, "backups");
}

/** The embedded database's directory: DATA_DIR/db. */
export function databaseDir(dataDir: string): string {
  return path.resolve(dataDir, "db");
}

/** PGlite keeps `postmaster.pid` in the data directory while it is open and removes it on a clean close. */
export function isDatabaseOpenOrUnclean(dataDir: string): boolean {
  return fs.existsSync(path.join(databaseDir(dataDir), "postmaster.pid"));
}

/** `db-2025-01-31T09-15-02-123Z.tar.gz`: sortable, no characters that need quoting. */
export function backupFileName(now = new Date()): string {
  return `db-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/**
 * Writes a consistent snapshot of the open database to DATA_DIR/backups/<timestamp>.tar.gz (through a
 * temporary name, so a file with the final name is always complete).
 */
export async function writeSnapshot(pglite: PGlite, dataDir: string): Promise<BackupResult> {
  const started = Date.now();
  // Shortens the recovery a restore performs; writes may still come between this and the dump.
  await pglite.query("CHECKPOINT");
  // No transaction open, no query running while the files are read (reading is fast; compression
  // happens after the locks are released).
  const tar = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir("none"));
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName());
  const partial = `${file}.partial`;
  await pipeline(
    Readable.from([Buffer.from(await tar.arrayBuffer())]),
    zlib.createGzip(),
    fs.createWriteStream(partial, { mode: 0o600 }),
  );
  fs.renameSync(partial, file);
  return { file, bytes: fs.statSync(file).size, ms: Date.now() - started };
}

const controlRequest = z.object({ command: z.unknown().optional() });

const controlReply = z.union([
  z.object({
    ok: z.literal(true),
    pid: z.number(),
    backup: z.object({ file: z.string(), bytes: z.number(), ms: z.number() }).optional(),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type ControlReply = z.infer<typeof controlReply>;

/** A line of JSON read with `schema`; undefined when it is not JSON or not of that shape. */
function parseLine<T>(line: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface ControlServer {
  path: string;
  close(): Promise<void>;
}

/** Two servers must never open one embedded database directory. */
export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/**
 * Listens on DATA_DIR/control.sock for one-line JSON commands, `{"command":"ping"}` and
 * `{"command":"backup"}`. Call it before opening the database: it throws DataDirInUseError when another
 * live server already answers there. When the socket cannot be created (a path over the system's limit,
 * a file system without sockets) the server runs without it: `onError` is told, and backups then need the
 * server stopped.
 */
export async function startControlServer(opts: {
  dataDir: string;
  /** The open database, looked up at each backup (may throw while none is open). */
  pglite: () => PGlite | undefined;
  onError?: (err: unknown) => void;
}): Promise<ControlServer> {
  const socketPath = controlSocketPath(opts.dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  if (fs.existsSync(socketPath)) {
    if (await ping(socketPath)) {
      throw new DataDirInUseError(`another server is running on ${path.resolve(opts.dataDir)} (it answers on ${socketPath})`);
    }
    fs.rmSync(socketPath, { force: true }); // left by a process that did not stop cleanly
  }
  let queue = Promise.resolve();
  const backup = async (): Promise<ControlReply> => {
    let pglite: PGlite | undefined;
    try {
      pglite = opts.pglite();
    } catch {
      pglite = undefined;
    }
    if (!pglite) return { ok: false, error: "the database is not open" };
    try {
      return { ok: true, pid: process.pid, backup: await writeSnapshot(pglite, opts.dataDir) };
    } catch (err) {
      opts.onError?.(err);
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  };
  const server = net.createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > 1024) return void socket.destroy();
      const newline = input.indexOf("\n");
      if (newline < 0) return;
      socket.removeAllListeners("data");
      const reply = (r: ControlReply) => socket.end(`${JSON.stringify(r)}\n`);
      const request = parseLine(input.slice(0, newline), controlRequest);
      if (!request) return void reply({ ok: false, error: "bad request" });
      if (request.command === "ping") return void reply({ ok: true, pid: process.pid });
      if (request.command !== "backup") return void reply({ ok: false, error: "unknown command" });
      // One backup at a time.
      queue = queue.then(async () => {
        reply(await backup());
      });
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    opts.onError?.(err);
    return { path: socketPath, close: async () => {} };
  }
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The socket file goes now: a new server may start while slow clients finish.
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Sends one command to a control socket; null when nothing answers there. */
export function sendControlCommand(socketPath: string, command: "ping" | "backup", timeoutMs = 120_000): Promise<ControlReply | null> {
  return new Promise((resolve) => {
    if (!fs.existsSync(socketPath)) return resolve(null);
    const socket = net.connect(socketPath);
    let output = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ ok: false, error: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ command })}\n`));
    socket.on("data", (chunk: string) => (output += chunk));
    socket.on("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
    socket.on("end", () => {
      clearTimeout(timer);
      resolve(parseLine(output.trim(), controlReply) ?? { ok: false, error: "unreadable answer" });
    });
  });
}

/** A command refused before it touched anything; its message is one line for the operator. */
export class CommandRefusedError extends Error {
  override name = "CommandRefusedError";
}

/**
 * For a command that opens the embedded database itself (db:migrate, admin:create, db:restore): refuses
 * while a server runs on the data directory, or while the database is open in another process
 * (postmaster.pid; `force` when the operator knows it is a leftover of a crash), then holds the control
 * socket so that no server starts meanwhile. Two processes on one PGlite directory corrupt it (issue 15
 * point 2). Close the answer when done.
 */
export async function claimStoppedDatabase(dataDir: string, opts: { then: string; force?: boolean }): Promise<ControlServer> {
  const dir = path.resolve(dataDir);
  const running = await sendControlCommand(controlSocketPath(dir), "ping", 5_000);
  if (running?.ok) throw new CommandRefusedError(`The server is running on ${dir} (pid ${running.pid}). Stop it, then ${opts.then}.`);
  if (isDatabaseOpenOrUnclean(dir) && !opts.force) {
    throw new CommandRefusedError(
      `${databaseDir(dir)} is open in another process or was not closed cleanly (postmaster.pid is present): stop every process using it, or run this again with --force if you are sure none does.`,
    );
  }
  try {
    return await startControlServer({ dataDir: dir, pglite: () => undefined });
  } catch (err) {
    if (err instanceof DataDirInUseError) throw new CommandRefusedError(`The server is running on ${dir}. Stop it, then ${opts.then}.`);
    throw err;
  }
}

/** True when a server answers on the control socket. */
export async function ping(socketPath: string): Promise<boolean> {
  const reply = await sendControlCommand(socketPath, "ping", 5_000);
  return reply?.ok === true;
}
