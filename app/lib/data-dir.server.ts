// DATA_DIR holds the embedded database, uploads, backups, the generated auth secret and the backup
// socket: only the server's own user may read or write any of it (issue 14, item 11). The server sets an
// owner-only umask as it starts, so whatever is created later (PGlite's files among them, which PGlite
// creates with mode 0666 and leaves to the umask) is 0600/0700, and repairs what an older version, a
// restore or a copy left open before the database opens.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { errorCode } from "./error-codes.ts";

export const OWNER_ONLY_UMASK = 0o077;
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/**
 * New files and directories of this process are created owner-only. Returns false where the umask
 * cannot be changed (a worker thread), in which case the explicit modes and the repair still apply.
 */
export function restrictUmask(): boolean {
  try {
    process.umask(OWNER_ONLY_UMASK);
    return true;
  } catch {
    return false;
  }
}

export interface DataDirRepair {
  /** The data directory, resolved. */
  dir: string;
  /** Entries looked at (the directory itself included). */
  checked: number;
  /** Entries whose mode was changed, relative to `dir`, with the mode they had ("db/base/1 0666"). */
  repaired: string[];
  /** Entries whose mode could not be changed (owned by another user…), with the error code. */
  failed: string[];
  /** Set when the walk was refused (the directory contains the application or the home directory). */
  skipped?: string;
}

function contains(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/**
 * Creates `dataDir` owner-only when missing and makes everything in it owner-only: directories 0700,
 * files (and sockets) 0600. Symbolic links are neither followed nor changed. A data directory that
 * contains the working directory, the application or the home directory (DATA_DIR=. or /) is created but
 * not walked: making the application's own files owner-only would not be a repair.
 */
export function secureDataDir(dataDir: string, appRoot: string = process.cwd()): DataDirRepair {
  const dir = path.resolve(dataDir);
  const result: DataDirRepair = { dir, checked: 0, repaired: [], failed: [] };
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const guarded = [process.cwd(), path.resolve(appRoot), os.homedir()].find((p) => contains(dir, p));
  if (guarded) {
    result.skipped = `${dir} contains ${guarded}`;
    return result;
  }
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(current);
    } catch {
      continue; // removed meanwhile
    }
    if (stat.isSymbolicLink()) continue;
    result.checked += 1;
    const isDir = stat.isDirectory();
    const want = isDir ? DIR_MODE : FILE_MODE;
    const mode = stat.mode & 0o7777;
    if (mode !== want) {
      const name = path.relative(dir, current) || ".";
      try {
        fs.chmodSync(current, want);
        result.repaired.push(`${name} ${mode.toString(8).padStart(4, "0")}`);
      } catch (err) {
        result.failed.push(`${name} ${errorCode(err) ?? String(err)}`);
      }
    }
    if (isDir) {
      let names: string[];
      try {
        names = fs.readdirSync(current);
      } catch (err) {
        result.failed.push(`${path.relative(dir, current) || "."} ${errorCode(err) ?? String(err)}`);
        continue;
      }
      for (const entry of names) pending.push(path.join(current, entry));
    }
  }
  return result;
}

/** Every entry under `dataDir` (itself included) whose mode gives anything to group or others. */
export function openEntries(dataDir: string): string[] {
  const dir = path.resolve(dataDir);
  const open: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0) open.push(`${path.relative(dir, current) || "."} ${(stat.mode & 0o7777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(current)) pending.push(path.join(current, entry));
  }
  return open;
}
