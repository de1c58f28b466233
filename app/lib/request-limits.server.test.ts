// The shape checks every action's body meets before the form library parses it (issue 14, items 1 and 6):
// size cap, field count, repeated names, NUL, conform's reserved fields, content types, methods.
import { describe, expect, it } from "vitest";
import {
  BODY_LIMIT_BYTES,
  bodyLimitFor,
  checkActionBody,
  inspectForm,
  MAX_FIELDS,
  readBounded,
  STAFF_BODY_LIMIT_BYTES,
  urlHasNul,
} from "./request-limits.server.ts";

const ORIGIN = "http://academy.test";

function post(path: string, body: BodyInit | null, type?: string, method = "POST"): Request {
  const headers = new Headers();
  if (type) headers.set("content-type", type);
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

const URLENCODED = "application/x-www-form-urlencoded";

describe("inspectForm", () => {
  it("accepts an ordinary form, and the multi-valued names repeated", () => {
    expect(inspectForm(form([["intent", "save"], ["email", "a@b.c"], ["message", "مرحبا"]]))).toBeNull();
    const ids = Array.from({ length: 100 }, (_, i) => ["ids", `id-${i}`] as [string, string]);
    expect(inspectForm(form([["intent", "bulkApprove"], ...ids]))).toBeNull();
    expect(inspectForm(form([["permissions", "a"], ["permissions", "b"]]))).toBeNull();
  });

  it("refuses a single-valued name sent twice", () => {
    expect(inspectForm(form([["email", "a"], ["email", "b"]]))).toEqual({ status: 400, messageKey: "errors.invalidInput" });
    expect(inspectForm(form([["intent", "save"], ["intent", "delete"]]))?.status).toBe(400);
  });

  it("refuses more than MAX_FIELDS fields", () => {
    const many = Array.from({ length: MAX_FIELDS }, (_, i) => [`f${i}`, "x"] as [string, string]);
    expect(inspectForm(form(many))).toBeNull();
    expect(inspectForm(form([...many, ["one-more", "x"]]))).toEqual({ status: 413, messageKey: "errors.bodyTooLarge" });
  });

  it("refuses NUL in a name or a value", () => {
    expect(inspectForm(form([["name", "a\0b"]]))).toEqual({ status: 400, messageKey: "errors.invalidCharacters" });
    expect(inspectForm(form([["na\0me", "x"]]))?.messageKey).toBe("errors.invalidCharacters");
  });

  it("refuses names the form library would turn into huge lists, and overlong or empty names", () => {
    expect(inspectForm(form([["ids[4294967294]", "x"]]))?.status).toBe(400);
    expect(inspectForm(form([["a[200]", "x"]]))?.status).toBe(400);
    expect(inspectForm(form([["a[199]", "x"]]))).toBeNull();
    expect(inspectForm(form([["x".repeat(101), "x"]]))?.status).toBe(400);
    expect(inspectForm(form([["", "x"]]))?.status).toBe(400);
  });

  it.each([
    ["__intent__", "not json"],
    ["__intent__", "null"],
    ["__intent__", "[]"],
    ["__intent__", '"validate"'],
    ["__intent__", '{"type":1,"payload":{}}'],
    ["__intent__", '{"type":"update"}'],
    ["__intent__", '{"type":"update","payload":null}'],
    ["__intent__", '{"type":"update","payload":{"name":"ids","index":4294967294,"value":"x"}}'],
    ["__intent__", '{"type":"reorder","payload":{"name":"curriculum","from":"a","to":1}}'],
    ["__intent__", '{"type":"remove","payload":{"name":"x","index":-1}}'],
    ["__intent__", '{"type":"update","payload":{"name":"__proto__.polluted","value":"x"}}'],
    ["__intent__", '{"type":"update","payload":{"name":"a..b","value":"x"}}'],
    ["__intent__", '{"type":"update","payload":{"name":"title","value":"a\\u0000b"}}'],
    ["__state__", "{"],
    ["__state__", "[]"],
    ["__state__", '{"a":"\\u0000"}'],
  ])("refuses %s=%s", (name, value) => {
    expect(inspectForm(form([["title", "x"], [name, value]]))?.status).toBe(400);
  });

  it("accepts conform's own intents", () => {
    expect(inspectForm(form([["title", "x"], ["__intent__", '{"type":"validate","payload":{"name":"title"}}']]))).toBeNull();
    expect(inspectForm(form([["title", "x"], ["__intent__", '{"type":"reset","payload":{}}']]))).toBeNull();
    expect(inspectForm(form([["title", "x"], ["__state__", '{"listKeys":{}}']]))).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("stays linear: 16,000 repeats of one name (the whole cap) are refused in a few milliseconds", () => {
    const many = new FormData();
    for (const [k, v] of new URLSearchParams("email=x&".repeat(16_000))) many.append(k, v);
    const started = performance.now();
    expect(inspectForm(many)?.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("checkActionBody", () => {
  it("lets reads, uploads and good forms through", async () => {
    expect(await checkActionBody(new Request(`${ORIGIN}/en/contact?q=x`))).toBeNull();
    expect(await checkActionBody(post("/admin/uploads/image", "x".repeat(200_000), "multipart/form-data; boundary=x"))).toBeNull();
    expect(await checkActionBody(post("/en/contact", new URLSearchParams({ name: "n", email: "a@b.c" }), undefined))).toBeNull();
    expect(await checkActionBody(post("/en/contact", form([["name", "ن"]])))).toBeNull();
    // An empty form (a sign-out button) is a form.
    expect(await checkActionBody(post("/logout", "", URLENCODED))).toBeNull();
  });

  it.each([
    ["application/json", '{"email":"a@b.c"}'],
    ["text/plain", "email=a@b.c"],
    ["application/xml", "<a/>"],
    [undefined, null],
  ])("refuses a %s body with 415", async (type, body) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await checkActionBody(post("/en/contact", body, type, method))).toEqual({ status: 415, messageKey: "errors.unsupportedBody" });
    }
  });

  it("refuses a multipart body without its boundary, or cut short, with 400", async () => {
    expect((await checkActionBody(post("/login", "--x\r\n", "multipart/form-data")))?.status).toBe(400);
    expect((await checkActionBody(post("/login", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', "multipart/form-data; boundary=x")))?.status).toBe(400);
  });

  it("refuses a body over the cap from Content-Length without reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request(`${ORIGIN}/login`, {
      method: "POST",
      headers: { "content-type": URLENCODED, "content-length": String(BODY_LIMIT_BYTES + 1) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await checkActionBody(request)).toEqual({ status: 413, messageKey: "errors.bodyTooLarge" });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading an endless stream soon after the cap", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 4096;
        controller.enqueue(new TextEncoder().encode("a=b&".repeat(1024)));
      },
    });
    const request = new Request(`${ORIGIN}/en/contact`, { method: "POST", headers: { "content-type": URLENCODED }, body, duplex: "half" } as RequestInit);
    expect((await checkActionBody(request))?.status).toBe(413);
    expect(sent).toBeLessThan(BODY_LIMIT_BYTES + 64 * 1024);
  });

  it("refuses a 320 KB body of one repeated field quickly, and the largest repeated body under the cap too", async () => {
    for (const path of ["/en/contact", "/en/courses/x/enroll", "/login", "/instructor-login", "/forgot-password", "/admin/courses"]) {
      const big = post(path, "email=x&".repeat(40_000), URLENCODED);
      let started = performance.now();
      expect((await checkActionBody(big))?.status).toBe(413);
      expect(performance.now() - started).toBeLessThan(100);
      const underCap = "email=x&".repeat(Math.floor(bodyLimitFor(path) / 8) - 1);
      started = performance.now();
      expect([400, 413]).toContain((await checkActionBody(post(path, underCap, URLENCODED)))?.status);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });

  it("gives the staff area the larger cap", async () => {
    expect(bodyLimitFor("/admin/courses")).toBe(STAFF_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/en/contact")).toBe(BODY_LIMIT_BYTES);
    const description = `description=${"%D8%A8".repeat(20_000)}&title=x`; // 120 KB of Arabic, urlencoded
    expect(await checkActionBody(post("/admin/courses", description, URLENCODED))).toBeNull();
    expect((await checkActionBody(post("/en/contact", description, URLENCODED)))?.status).toBe(413);
  });
});

describe("urlHasNul and readBounded", () => {
  it("finds NUL in the path or the query, encoded or not", () => {
    expect(urlHasNul(new URL(`${ORIGIN}/en/courses?q=%00`))).toBe(true);
    expect(urlHasNul(new URL(`${ORIGIN}/en/courses/a%00b`))).toBe(true);
    expect(urlHasNul(new URL(`${ORIGIN}/admin/audit?user=x%00`))).toBe(true);
    expect(urlHasNul(new URL(`${ORIGIN}/en/courses?q=a\0b`))).toBe(true);
    expect(urlHasNul(new URL(`${ORIGIN}/en/courses?q=%2500`))).toBe(false);
    expect(urlHasNul(new URL(`${ORIGIN}/en/courses?q=%D8%A8`))).toBe(false);
  });

  it("reads up to the cap and no further", async () => {
    expect(await readBounded(new Response("abc").body, 3)).toEqual(new TextEncoder().encode("abc"));
    expect(await readBounded(new Response("abcd").body, 3)).toBeNull();
    expect(await readBounded(null)).toEqual(new Uint8Array(0));
  });
});
