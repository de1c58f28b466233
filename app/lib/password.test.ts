import { describe, expect, it } from "vitest";
import { generateStaffPassword, hashPassword, verifyPassword } from "./password.server.ts";

describe("staff passwords", () => {
  it("generates 12 characters with a lower, an upper, a digit and a symbol", () => {
    for (let i = 0; i < 200; i++) {
      const p = generateStaffPassword();
      expect(p).toHaveLength(12);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[!@#$%^&*]/);
    }
  });

  it("hashes with Argon2id at OWASP's cost and verifies only the right password", async () => {
    const h = await hashPassword("correct horse");
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash: h, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash: h, password: "wrong horse" })).toBe(false);
    expect(await verifyPassword({ hash: "garbage", password: "x" })).toBe(false);
  });
});
