// TRUST_PROXY (issue 33 item 2): the value parseEnv gives is what server.ts hands Express's "trust proxy",
// and the client address the rate limits key on is Express's req.ip. Checked through a real Express app on
// a real socket (from 127.0.0.1), with the X-Forwarded-For a client or a proxy would send.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";
import { clientIp } from "./rate-limit.server.ts";

type Setting = ReturnType<typeof parseEnv>["TRUST_PROXY"];

const servers: { close(): void }[] = [];

/** A server whose answer is the client address server.ts would hand the rate limits. */
async function serverTrusting(setting: Setting): Promise<(xff?: string) => Promise<string>> {
  const app = express();
  if (setting !== false) app.set("trust proxy", setting);
  app.get("/", (req, res) => void res.send(clientIp(req.ip)));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return async (xff) => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: xff === undefined ? {} : { "x-forwarded-for": xff } });
    return res.text();
  };
}

afterAll(() => servers.forEach((s) => s.close()));

describe("TRUST_PROXY values", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["no", false],
    ["true", 1],
    ["yes", 1],
    ["2", 2],
    ["127.0.0.1", ["127.0.0.1"]],
    ["loopback, 10.0.0.0/8 ,2001:db8::/32", ["loopback", "10.0.0.0/8", "2001:db8::/32"]],
  ])("TRUST_PROXY=%s → %o", (value, expected) => {
    expect(parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(["everyone", "10.0.0.0/33", "1.2.3.4/8/9", "300.1.1.1", "*", "100"])("refuses TRUST_PROXY=%s in one line", (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY must be false, true, a number/);
  });
});

describe("the client address under each setting", () => {
  let untrusted: Awaited<ReturnType<typeof serverTrusting>>;
  let oneProxy: Awaited<ReturnType<typeof serverTrusting>>;
  let loopbackProxies: Awaited<ReturnType<typeof serverTrusting>>;
  beforeAll(async () => {
    untrusted = await serverTrusting(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY);
    oneProxy = await serverTrusting(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY);
    loopbackProxies = await serverTrusting(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY);
  });

  it("without a trusted proxy the header is ignored: the socket's address", async () => {
    expect(await untrusted("203.0.113.7")).toBe("127.0.0.1");
    expect(await untrusted()).toBe("127.0.0.1");
  });

  it("behind one proxy, the address the proxy saw (the rightmost entry), whatever the client wrote before it", async () => {
    // nginx with `$proxy_add_x_forwarded_for` appends the peer it saw to what the client sent.
    expect(await oneProxy("198.51.100.23")).toBe("198.51.100.23");
    expect(await oneProxy("1.2.3.4, 198.51.100.23")).toBe("198.51.100.23");
    expect(await oneProxy("9.9.9.9, 8.8.8.8, 198.51.100.23")).toBe("198.51.100.23");
  });

  it("rotating forged entries never give a client a second key", async () => {
    const keys = new Set<string>();
    for (let i = 1; i <= 25; i++) keys.add(await oneProxy(`203.0.113.${i}, 198.51.100.23`));
    expect([...keys]).toEqual(["198.51.100.23"]);
  });

  it("with proxy addresses listed, the rightmost address that is not one of them", async () => {
    expect(await loopbackProxies("203.0.113.9, 127.0.0.5")).toBe("203.0.113.9");
    expect(await loopbackProxies("6.6.6.6, 203.0.113.9, 127.0.0.5")).toBe("203.0.113.9");
  });
});
