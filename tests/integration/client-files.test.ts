// The build's public files are served by the names the build has (server.ts `clientFiles`): a page request
// goes straight on to the app without the static handler looking at the disk (issue 18).
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFiles } from "../../server.ts";

let server: Server;
let base = "";
let dir = "";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "client-files-"));
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  fs.mkdirSync(path.join(dir, "images"));
  fs.writeFileSync(path.join(dir, "images/course-default.webp"), "RIFF");
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets/app.js"), "export {}");
  const app = express();
  app.use(clientFiles(dir));
  app.use((_req, res) => void res.status(299).type("text/plain").send("app"));
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the build's public files", () => {
  it("serves the favicon and images for an hour", async () => {
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const image = await fetch(`${base}/images/course-default.webp`);
    expect(image.status).toBe(200);
    expect(await image.text()).toBe("RIFF");
  });

  it("hands every other path to the app, pages and look-alike names included", async () => {
    for (const p of ["/", "/en/courses", "/ar/about?x=1", "/favicon.svgx", "/images-x/a", "/assets/app.js"]) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(299);
      expect(await res.text(), p).toBe("app");
    }
  });

  it("never looks for a page on the disk: a file named like a page, added after start, is not served", async () => {
    fs.writeFileSync(path.join(dir, "en"), "not a page");
    const res = await fetch(`${base}/en`);
    expect(res.status).toBe(299);
    expect(await res.text()).toBe("app");
  });
});
