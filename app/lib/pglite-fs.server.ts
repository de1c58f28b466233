// The embedded database's files, owner-only (issue 14, item 11). PGlite runs PostgreSQL in WebAssembly on
// Emscripten's NODEFS, which gives every file it creates the mode asked for inside the module with an
// explicit chmod (0666 for most of PostgreSQL's files), so the process umask alone does not help. This
// filesystem is PGlite's own NodeFS with the modes it writes to disk masked to the owner: files 0600,
// directories 0700 (the mode PGlite keeps for itself, inside the module, is unchanged).
import { NodeFS } from "@electric-sql/pglite/nodefs";
import fs from "node:fs";

type EmscriptenOptions = Parameters<NodeFS["init"]>[1];

/** The parts of Emscripten's NODEFS patched here (see node_modules/@electric-sql/pglite/dist). */
interface NodeFsInternals {
  doSetAttr(target: unknown, node: unknown, attrs: unknown, chmod: (target: unknown, mode: number) => void, ...rest: unknown[]): unknown;
  realPath(node: unknown): string;
  node_ops: { mknod(parent: unknown, name: string, mode: number, dev: number): { mode: number } };
}

const OWNER_ONLY = 0o700;

/** Masks what NODEFS writes to disk: chmod calls and the mode of new files and directories. */
export function ownerOnlyNodefs(nodefs: NodeFsInternals): void {
  const doSetAttr = nodefs.doSetAttr.bind(nodefs);
  nodefs.doSetAttr = (target, node, attrs, chmod, ...rest) =>
    doSetAttr(target, node, attrs, (t: unknown, mode: number) => chmod(t, mode & OWNER_ONLY), ...rest);
  const mknod = nodefs.node_ops.mknod.bind(nodefs.node_ops);
  nodefs.node_ops.mknod = (parent, name, mode, dev) => {
    const node = mknod(parent, name, mode, dev);
    // Created with the module's mode less the process umask; owner-only whatever that umask is.
    fs.chmodSync(nodefs.realPath(node), node.mode & OWNER_ONLY);
    return node;
  };
}

export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    super(dataDir); // creates the directory when missing
    fs.chmodSync(this.rootDir, OWNER_ONLY);
  }

  override async init(pg: Parameters<NodeFS["init"]>[0], opts: EmscriptenOptions) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    // After NodeFS's own preRun has mounted the data directory, before PostgreSQL touches a file.
    result.emscriptenOpts.preRun = [...preRun, (mod: { NODEFS: NodeFsInternals }) => ownerOnlyNodefs(mod.NODEFS)];
    return result;
  }
}
