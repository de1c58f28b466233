import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./language.ts";

describe("safeRedirectPath", () => {
  it.each([
    ["/courses?category=x", "/courses?category=x"],
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    [null, "/"],
    ["", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
