// Starts the production server as a child process, the way `npm start` does, on a random port with a
// fresh data directory, and drives Debian's Chromium through playwright-core.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { productionServerCommand } from "../../scripts/lib/server-command.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ARTIFACTS = path.join(ROOT, "test-results");

let wordSeq = 0;

/**
 * A word of letters that no other call in this run makes: for names in forms, which are letters only
 * (issue 34 item 6), where a `Date.now().toString(36)` stamp would put digits.
 */
export function uniqueWord(): string {
  let n = Date.now() * 100 + (wordSeq++ % 100);
  let word = "";
  while (n > 0) {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  }
  return word;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

export interface RunningApp {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the production server (the compiled entry with npm start's heap flags: productionServerCommand, what
 * `npm start` runs after its build check) and waits for /readyz. The e2e global setup builds once first, so
 * parallel servers never rebuild under each other.
 */
export async function startApp(extraEnv: Record<string, string> = {}, timeoutMs = 120_000): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Production refuses SMTP_URL without a sender when PUBLIC_URL is local (app/lib/env.server.ts).
    MAIL_FROM: "Nile Academy <no-reply@academy.test>",
    ...extraEnv,
  };
  delete env.VITEST;
  delete env.VITEST_WORKER_ID;
  delete env.VITEST_POOL_ID;
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const [command, args] = productionServerCommand(ROOT);
  const proc = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve(proc.exitCode);
        const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
        proc.once("exit", (code) => {
          clearTimeout(timer);
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        proc.kill(signal);
      }),
  };
}

/** The fixed staff passwords the e2e suites sign in with (or try): none may ever appear in a server's output. */
export const KNOWN_TEST_PASSWORDS = [
  "Limited-Owner-Passw0rd!",
  "Admin-Passw0rd!",
  "Manager-Passw0rd!",
  "Manager-Passw0rd",
  "Matrix-Passw0rd!",
  "Brand-New-Passw0rd",
  "Owner-Own-Passw0rd",
  "Not-The-Passw0rd",
  "Wrong-Passw0rd",
] as const;

/**
 * A token, password or secret parameter whose value is not redacted (`/reset-password?token=abc…`, also
 * percent-encoded inside another parameter); the logger writes `[REDACTED]` (app/lib/logger.server.ts).
 */
const UNREDACTED_SECRET_PARAM =
  /(?<![\w.%[\]-])([\w.%[\]-]*(?:token|password|passwd|secret)[\w.%[\]-]*)(?:=|%3D)(?!\[REDACTED\]|%5BREDACTED%5D)([^&\s"'#;\\%]|%(?!26|23))+/gi;

/**
 * What in a server's captured output (`RunningApp.output()`) is a secret that must not be logged
 * (issue 14, item 7): unredacted token/password/secret parameters and the known test passwords.
 * Returns short excerpts of the offending lines, empty when the output is clean.
 */
export function secretsInOutput(output: string, passwords: readonly string[] = KNOWN_TEST_PASSWORDS): string[] {
  const found: string[] = [];
  const excerpt = (index: number) => output.slice(Math.max(0, index - 80), index + 120).replace(/\s+/g, " ");
  for (const m of output.matchAll(UNREDACTED_SECRET_PARAM)) found.push(`unredacted ${m[1]}: …${excerpt(m.index)}…`);
  for (const password of passwords) {
    for (let i = output.indexOf(password); i >= 0; i = output.indexOf(password, i + 1)) {
      found.push(`a known password: …${excerpt(i).replaceAll(password, "<password>")}…`);
    }
  }
  return found;
}

/** Throws, listing what leaked, when the output holds a secret (see secretsInOutput). */
export function assertNoSecretsInOutput(output: string, passwords?: readonly string[]): void {
  const found = secretsInOutput(output, passwords);
  if (found.length > 0) {
    throw new Error(`secrets in the server log (${found.length}):\n${found.slice(0, 20).join("\n")}`);
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** How every e2e Chromium runs: launchBrowser() and the run's shared browser server (global-setup.ts). */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(ARTIFACTS, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Issue 20: the enrollment form of a course with upcoming runs asks for a start date. Picks the first run
 * that still has seats (not "Full — join the waiting list"), so the request is pending as before; does
 * nothing when the form offers no runs. `scope` is the dialog, or the page for the enroll page.
 */
export async function chooseOpenRun(scope: Pick<Page, "locator">): Promise<void> {
  const choices = scope.locator('label:has(input[type="radio"][name="runId"])');
  const count = await choices.count();
  for (let i = 0; i < count; i++) {
    const choice = choices.nth(i);
    if (/waiting list|قائمة الانتظار/.test(await choice.innerText())) continue;
    await choice.locator("input").check();
    return;
  }
  if (count > 0) throw new Error("chooseOpenRun: every run offered is full");
}
