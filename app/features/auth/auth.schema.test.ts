import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  loginSchema,
  PASSWORD_RULES,
  resetPasswordSchema,
  safeAdminPath,
} from "./auth.schema.ts";
import { REDIRECT_BYPASSES } from "../../../tests/setup/redirect-bypasses.ts";

function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${String(i.path[0])}:${i.message}`);
}

describe("password rules (SPEC §5 with D25)", () => {
  it("reports one message per broken rule in the forced dialog", () => {
    expect(errors(changePasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abc" }))).toEqual([
      "newPassword:auth.password.errors.minLength",
      "newPassword:auth.password.errors.uppercase",
      "newPassword:auth.password.errors.number",
    ]);
    expect(errors(changePasswordSchema.safeParse({ newPassword: "ABCDEFGH1", confirmPassword: "ABCDEFGH1" }))).toEqual([
      "newPassword:auth.password.errors.lowercase",
    ]);
  });

  it("says 'Passwords do not match' even while another rule is broken, and asks for the confirmation", () => {
    expect(errors(changePasswordSchema.safeParse({ newPassword: "Abcdefg1", confirmPassword: "Abcdefg2" }))).toEqual([
      "confirmPassword:auth.password.errors.mismatch",
    ]);
    expect(errors(changePasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abd" }))).toContain(
      "confirmPassword:auth.password.errors.mismatch",
    );
    expect(errors(changePasswordSchema.safeParse({ newPassword: "Abcdefg1" }))).toEqual([
      "confirmPassword:auth.password.errors.confirmRequired",
    ]);
  });

  it("asks only for length (8–128) and the match on a reset", () => {
    expect(resetPasswordSchema.safeParse({ newPassword: "abcdefgh", confirmPassword: "abcdefgh" }).success).toBe(true);
    expect(errors(resetPasswordSchema.safeParse({ newPassword: "abcdefg", confirmPassword: "abcdefg" }))).toEqual([
      "newPassword:auth.password.errors.minLength",
    ]);
    const long = "a".repeat(129);
    expect(errors(resetPasswordSchema.safeParse({ newPassword: long, confirmPassword: long }))).toEqual([
      "newPassword:auth.password.errors.maxLength",
    ]);
  });

  it("agrees with the live checklist for any input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (pw) => {
        const checklistOk = PASSWORD_RULES.every((r) => r.test(pw));
        expect(changePasswordSchema.safeParse({ newPassword: pw, confirmPassword: pw }).success).toBe(checklistOk);
      }),
    );
  });
});

describe("loginSchema", () => {
  it("requires email and password", () => {
    expect(errors(loginSchema.safeParse({}))).toEqual([
      "email:auth.errors.emailRequired",
      "password:auth.errors.passwordRequired",
    ]);
    expect(errors(loginSchema.safeParse({ email: "nope", password: "x" }))).toEqual(["email:auth.errors.emailInvalid"]);
  });
});

describe("safeAdminPath", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/users?page=2", "/admin/users?page=2"],
    ["/admin/", "/admin/"],
  ])("keeps %s", (from, expected) => {
    expect(safeAdminPath(from)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["/"],
    ["/administrator"],
    ["//evil.example/admin"],
    ["https://evil.example/admin"],
    ["/\\evil.example"],
    ["/admin\\@evil.example"],
    ["javascript:alert(1)"],
    ["/admin/../login"],
    ["/admin/%2e%2e/login"],
    [" /admin"],
  ])("refuses %s", (from) => {
    expect(safeAdminPath(from)).toBeUndefined();
  });

  it("refuses every target of the redirect-bypass corpus, bare and after /admin", () => {
    for (const target of REDIRECT_BYPASSES) {
      expect(safeAdminPath(target), JSON.stringify(target)).toBeUndefined();
      const inAdmin = safeAdminPath(`/admin${target}`);
      if (inAdmin !== undefined) expect(new URL(inAdmin, "https://site.example").origin, JSON.stringify(target)).toBe("https://site.example");
    }
  });

  it("never leaves the site or the admin area", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("/", "..", ".", "%2e", "%2f", "\\", "@", "?", "#", "a", ":"), { maxLength: 8 }), (parts) => {
        const tail = parts.join("");
        const result = safeAdminPath(`/admin${tail}`);
        if (result !== undefined) {
          expect(result.startsWith("/admin")).toBe(true);
          expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
        }
      }),
    );
  });
});
