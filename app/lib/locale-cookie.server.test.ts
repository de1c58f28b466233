import { describe, expect, it } from "vitest";
import { rememberedLocale, rememberLocale } from "./locale-cookie.server.ts";

const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("the remembered language", () => {
  it("reads back what it wrote", async () => {
    const header = await rememberLocale("ar");
    expect(header).toMatch(/^lng=.+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await rememberedLocale(withCookie(`a=1; ${header.split(";")[0]}; b=2`))).toBe("ar");
  });

  it("ignores a missing, foreign or broken value", async () => {
    expect(await rememberedLocale(new Request("http://localhost/"))).toBeNull();
    expect(await rememberedLocale(withCookie(`lng=${encodeURIComponent(btoa('"fr"'))}`))).toBeNull();
    expect(await rememberedLocale(withCookie("lng=%E0%A4%A"))).toBeNull();
    expect(await rememberedLocale(withCookie("lng=ar"))).toBeNull();
  });
});
