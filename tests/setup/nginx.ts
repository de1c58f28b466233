// A real nginx (Debian's package; .ci/run installs it when missing) in front of app instances, configured
// from the repository's own example, deploy/nginx/academy.conf: the test changes only the listen port, the
// upstream servers, the access log's path and, when asked, the Host header (`$host`, what the README used to
// say) — so what passes here is what an operator who copies that file gets.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const EXAMPLE = path.resolve(import.meta.dirname, "../../deploy/nginx/academy.conf");

export interface NginxOptions {
  port: number;
  /** host:port of each app instance. */
  upstreams: string[];
  /** The Host header nginx passes: the example's `$http_host` (port kept) or `$host` (port dropped). */
  host?: "$http_host" | "$host";
}

export interface RunningNginx {
  url: string;
  /** The access log written so far. */
  accessLog(): string;
  /** nginx's own output and error log. */
  output(): string;
  stop(): Promise<void>;
}

/** The example's server block with the test's port, upstreams, log path and Host header. */
export function exampleConfig(options: NginxOptions, accessLog: string): string {
  let conf = fs.readFileSync(EXAMPLE, "utf8");
  const replace = (pattern: RegExp, value: string) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx/academy.conf no longer has ${pattern}`);
    conf = conf.replace(pattern, value);
  };
  replace(/(?:^[ \t]*server 127\.0\.0\.1:\d+;\n)+/m, options.upstreams.map((u) => `    server ${u};\n`).join(""));
  replace(/^([ \t]*)listen 80;/m, `$1listen ${options.port};`);
  replace(/access_log \S+ academy;/, `access_log ${accessLog} academy;`);
  // Both headers that carry the host: the README's old line alone (`$host`) left X-Forwarded-Host unset.
  if (options.host === "$host") replace(/\$http_host/g, "$host");
  return conf;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-nginx-"));
  const accessLog = path.join(dir, "access.log");
  // One process in the foreground, every path in the temporary directory: no root paths, no daemon.
  const main = [
    "daemon off;",
    "master_process off;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 256; }",
    "http {",
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    exampleConfig(options, accessLog),
    "}",
  ].join("\n");
  const confFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(confFile, main);
  const proc: ChildProcess = spawn(NGINX, ["-p", dir, "-c", confFile], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const errors = () => (fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "");
  const deadline = Date.now() + 15_000;
  while (!(await accepting(options.port))) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`nginx did not start on port ${options.port}:\n${out}\n${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: options.port === 80 ? "http://localhost" : `http://localhost:${options.port}`,
    accessLog: () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, "utf8") : ""),
    output: () => `${out}\n${errors()}`,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGQUIT");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (proc.exitCode === null) proc.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
