import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Fails with a readable list when axe finds any WCAG A/AA violation on the page. `rules` names rules outside
 * those tags to run as well, e.g. the best practice "region" (all content inside a landmark, issue 36 item 7).
 */
export async function expectNoAxeViolations(page: Page, { rules = [] }: { rules?: string[] } = {}): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(rules.map((rule) => [rule, { enabled: true }])) })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}
