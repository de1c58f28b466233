import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { anchorSubject, fragmentOnly, shouldRevalidate } from "./use-fragment-dialog.ts";

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

describe("an anchor fragment (#<name>-<subject>, About's instructors)", () => {
  it("names its subject, decoded", () => {
    expect(anchorSubject("#instructor-3f2a", "instructor")).toBe("3f2a");
    expect(anchorSubject("#instructor-a%20b", "instructor")).toBe("a b");
  });

  it("names nothing for another fragment, an empty subject or a broken escape", () => {
    expect(anchorSubject("", "instructor")).toBeNull();
    expect(anchorSubject("#instructors-title", "instructor")).toBeNull();
    expect(anchorSubject("#instructor-", "instructor")).toBeNull();
    expect(anchorSubject("#enroll=web", "instructor")).toBeNull();
    expect(anchorSubject("#instructor-%E0%A4%A", "instructor")).toBeNull();
  });
});
