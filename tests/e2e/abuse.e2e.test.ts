// What a bot or an attacker meets on the public forms: length caps, honeypot, rate limits, origin check.
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body),
    redirect: "manual",
  });
}

describe("public form abuse", () => {
  it("refuses a cross-site POST", async () => {
    const res = await post("/en/contact", { name: "x", email: "x@y.z", message: "hi" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });

  it("answers over-long fields with 400 and the translated message, in Arabic too", async () => {
    const en = await post("/en/contact", { name: "n".repeat(101), email: "a@b.co", message: "hello" });
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("Name must be at most 100 characters");
    const ar = await post("/ar/contact", { name: "Ali", email: "a@b.co", message: "m".repeat(2001) });
    expect(ar.status).toBe(400);
    const html = await ar.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toMatch(/2000/);
  });

  it("drops a honeypot submission silently (the bot sees success) and then rate-limits the address", async () => {
    const bot = await post("/en/contact", { name: "Bot", email: "bot@spam.example", message: "buy", website: "http://spam" });
    // What a person's sent message gets: the confirmation page (issue 36 item 5).
    expect(bot.status).toBe(303);
    expect(bot.headers.get("location")).toBe("/en/contact?sent=1");
    expect(await (await fetch(`${baseUrl}/en/contact?sent=1`)).text()).toContain("Message sent successfully!");
    // Earlier requests from this address used 3 of the 5 allowed in the window; keep going until refused.
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await post("/ar/contact", { name: "", email: "", message: "" });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(String(last!.headers.get("retry-after")), JSON.stringify([...last!.headers])).toMatch(/^\d+$/);
    expect(await last!.text()).toContain("يُرجى الانتظار بضع دقائق");
  });
});
