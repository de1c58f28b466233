import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { fragmentOnly, shouldRevalidate } from "./use-fragment-dialog.ts";

function args(current: string, next: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}): ShouldRevalidateFunctionArgs {
  return {
    currentUrl: new URL(current, "https://academy.example"),
    nextUrl: new URL(next, "https://academy.example"),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  } as ShouldRevalidateFunctionArgs;
}

describe("a navigation across a dialog's fragment", () => {
  it("keeps the page's data when only the fragment changes (Back and Forward across #enroll=…)", () => {
    expect(fragmentOnly(args("/en/courses/web#enroll=web", "/en/courses/web"))).toBe(true);
    expect(fragmentOnly(args("/en/courses?q=web", "/en/courses?q=web#enroll=web"))).toBe(true);
    expect(shouldRevalidate(args("/en/courses/web#enroll=web", "/en/courses/web"))).toBe(false);
  });

  it("loads again for anything else: another page, another query, a form, the same address again", () => {
    expect(fragmentOnly(args("/en/courses/web#enroll=web", "/en/courses/python"))).toBe(false);
    expect(fragmentOnly(args("/en/courses?q=web#enroll=web", "/en/courses?q=python"))).toBe(false);
    expect(fragmentOnly(args("/en/courses/web#enroll=web", "/en/courses/web", { formMethod: "POST" }))).toBe(false);
    expect(fragmentOnly(args("/en/courses/web", "/en/courses/web"))).toBe(false);
    expect(shouldRevalidate(args("/en/courses/web", "/en/courses/web"))).toBe(true);
    expect(shouldRevalidate(args("/en/courses/web", "/en/courses/python", { defaultShouldRevalidate: false }))).toBe(false);
  });
});
