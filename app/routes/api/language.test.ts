import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import { switchTarget } from "./language.ts";

// The full bypass corpus is in app/lib/safe-redirect.test.ts and tests/integration/redirect-targets.test.ts.
describe("the switcher's `to` (app/lib/safe-redirect.ts)", () => {
  it.each([
    ["/courses?category=x", "/courses?category=x"],
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\tevil", "/"],
    [null, "/"],
    ["", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("switchTarget: the same page in the other language", () => {
  it.each([
    ["ar", "/en/about", "/ar/about"],
    ["en", "/ar/courses?category=x&page=2", "/en/courses?category=x&page=2"],
    ["ar", "/en", "/ar"],
    ["ar", "/", "/ar"],
    ["ar", "/courses/excel", "/ar/courses/excel"],
    ["ar", "/admin/courses?status=draft", "/admin/courses?status=draft"],
    ["en", "/login?from=%2Fadmin", "/login?from=%2Fadmin"],
    ["ar", "/instructor-dashboard", "/instructor-dashboard"],
  ] as const)("%s, %s → %s", (lang, to, expected) => {
    expect(switchTarget(lang, to)).toBe(expected);
  });
});
