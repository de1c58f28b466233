// An S3-compatible server for tests: s3rver (the npm package, a devDependency), a local stand-in for a real
// S3 service, started in-process on a random port with its data in a temporary directory and one bucket.
// It speaks the S3 REST API the AWS SDK uses (objects, metadata, HEAD, listing), not everything S3 does:
// it does not verify Content-MD5, which AWS itself does. With S3_ENDPOINT set (and S3_BUCKET, S3_REGION,
// S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as needed), `testS3()` uses that real service
// instead; tests that must stop the server (an outage) use `startS3rver()` always.
import fs from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { S3StorageConfig } from "~/lib/storage.server.ts";

/** The part of s3rver's API used here (the package ships no types). */
interface S3rverInstance {
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The app's configuration for this server (S3_* variables), for parseEnv or a child process. */
  env: Record<string, string>;
  /** The same, as createS3Storage takes it. */
  config: S3StorageConfig;
  /** True for the in-process s3rver, false for a real service. */
  local: boolean;
  /** Shuts s3rver down (its objects kept for start(); testS3's removes them); nothing for a real service. */
  stop(): Promise<void>;
}

export interface TestS3rver extends TestS3 {
  port: number;
  /** Where s3rver keeps the bucket (kept across stop/start, removed by destroy). */
  directory: string;
  /** Starts it again on the same port with the same objects (after stop). */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

function configOf(endpoint: string, bucket: string, keys: { id: string; secret: string }, region: string, pathStyle: boolean): Pick<TestS3, "env" | "config"> {
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: keys.id,
      S3_SECRET_ACCESS_KEY: keys.secret,
      S3_FORCE_PATH_STYLE: String(pathStyle),
    },
    config: { bucket, region, endpoint, accessKeyId: keys.id, secretAccessKey: keys.secret, forcePathStyle: pathStyle },
  };
}

/**
 * s3rver on 127.0.0.1 with `bucket` made at start; `port` 0 takes a free one. Its credentials are
 * s3rver's fixed pair (S3RVER/S3RVER): it checks signatures with them.
 */
export async function startS3rver(options: { bucket?: string; port?: number } = {}): Promise<TestS3rver> {
  const bucket = options.bucket ?? `test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  let port = options.port ?? 0;
  let server: S3rverInstance | undefined;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    // Keep-alive sockets of the app's S3 client would hold close() open; an outage cuts them too.
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    port,
    directory,
    local: true,
    ...configOf(endpoint, bucket, { id: "S3RVER", secret: "S3RVER" }, "us-east-1", true),
    start,
    stop,
    async destroy() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The S3 service for tests: the one S3_ENDPOINT names when set (its bucket is created when missing), else a
 * fresh s3rver.
 */
export async function testS3(): Promise<TestS3> {
  const endpoint = process.env.S3_ENDPOINT;
  if (!endpoint) {
    const s3rver = await startS3rver();
    return { ...s3rver, stop: s3rver.destroy };
  }
  const bucket = process.env.S3_BUCKET ?? "course-academy-test";
  const region = process.env.S3_REGION ?? "us-east-1";
  const keys = { id: process.env.S3_ACCESS_KEY_ID ?? "S3RVER", secret: process.env.S3_SECRET_ACCESS_KEY ?? "S3RVER" };
  const pathStyle = (process.env.S3_FORCE_PATH_STYLE ?? "true") === "true";
  const sdk = await import("@aws-sdk/client-s3");
  const client = new sdk.S3Client({ region, endpoint, forcePathStyle: pathStyle, credentials: { accessKeyId: keys.id, secretAccessKey: keys.secret } });
  try {
    await client.send(new sdk.CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (!/BucketAlready(OwnedByYou|Exists)/.test((err as Error).name)) throw err;
  } finally {
    client.destroy();
  }
  return { endpoint, bucket, local: false, ...configOf(endpoint, bucket, keys, region, pathStyle), stop: async () => {} };
}
