// Every action (and entity) the code records in the audit log has a label in English and in Arabic
// (issue 13 point 8). The recorded codes are read from the source itself, so a new `recordAudit` call
// with a new code fails here until it is given a label.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_KEYS, AUDIT_ENTITIES, auditActionLabel, auditEntityLabel } from "./audit-labels.ts";

const appDir = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of one call's argument list, from `recordAudit(` to its closing parenthesis. */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/**
 * The string codes a property takes in the recordAudit calls: `action: "create"` and
 * `action: cond ? "publish" : "unpublish"` (the literals after `?` and `:`, not the ones compared).
 * A call whose property is not written with literals is reported, so it cannot slip through.
 */
function recordedCodes(property: "action" | "entity") {
  const codes = new Set<string>();
  const unreadable: string[] = [];
  let calls = 0;
  for (const file of sourceFiles(appDir)) {
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(/\brecordAudit\(/g)) {
      const call = callText(source, match.index + "recordAudit".length);
      if (/^\(\s*tx: Executor/.test(call)) continue; // the definition itself
      calls++;
      const value = new RegExp(`\\b${property}:\\s*([^,\\n}]+)`).exec(call)?.[1] ?? "";
      const literals = [...value.matchAll(/(?:^|[?:])\s*"([^"]+)"/g)].map((m) => m[1]!);
      if (literals.length === 0) unreadable.push(`${path.relative(appDir, file)}: ${property}: ${value.trim() || "(missing)"}`);
      for (const code of literals) codes.add(code);
    }
  }
  return { codes: [...codes].sort(), unreadable, calls };
}

function localeOf(lng: "en" | "ar") {
  return JSON.parse(fs.readFileSync(path.join(appDir, "locales", lng, "admin-users.json"), "utf8")) as {
    audit: { actions: Record<string, string>; entities: Record<string, string> };
  };
}

/** A `t` over one locale's `audit` block: the key itself when missing, like i18next. */
function translator(lng: "en" | "ar") {
  const { audit } = localeOf(lng);
  return (key: string) => {
    const [, group, name] = /^audit\.(actions|entities)\.(.+)$/.exec(key) ?? [];
    return (group && name && audit[group as "actions" | "entities"][name]) || key;
  };
}

const actions = recordedCodes("action");
const entities = recordedCodes("entity");

describe("audit log labels", () => {
  it("finds the recorded actions in the code, each written as a literal", () => {
    expect(actions.calls).toBeGreaterThan(20);
    expect(actions.unreadable).toEqual([]);
    // The ones issue 13 names, among the rest.
    expect(actions.codes).toEqual(expect.arrayContaining(["approve", "reject", "export", "create", "renew", "password.show"]));
  });

  it.each(["en", "ar"] as const)("labels every recorded action in %s", (lng) => {
    const t = translator(lng);
    const missing = actions.codes.filter((code) => !Object.hasOwn(AUDIT_ACTION_KEYS, code) || auditActionLabel(t, code) === AUDIT_ACTION_KEYS[code]);
    expect(missing).toEqual([]);
    for (const code of actions.codes) {
      const label = auditActionLabel(t, code);
      expect(label.trim(), code).not.toBe("");
      expect(label, code).not.toBe(code);
      if (lng === "ar") expect(label, code).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it.each(["en", "ar"] as const)("labels every recorded entity in %s", (lng) => {
    const t = translator(lng);
    expect(entities.unreadable).toEqual([]);
    for (const code of entities.codes) {
      expect(AUDIT_ENTITIES.has(code), code).toBe(true);
      const label = auditEntityLabel(t, code);
      expect(label, code).not.toBe(`audit.entities.${code}`);
      if (lng === "ar") expect(label, code).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("has no label key without a text in both languages", () => {
    for (const lng of ["en", "ar"] as const) {
      const t = translator(lng);
      for (const [code, key] of Object.entries(AUDIT_ACTION_KEYS)) expect(t(key), `${lng} ${code}`).not.toBe(key);
      for (const code of AUDIT_ENTITIES) expect(t(`audit.entities.${code}`), `${lng} ${code}`).not.toBe(`audit.entities.${code}`);
    }
  });

  it("shows an unknown code as recorded", () => {
    const t = translator("en");
    expect(auditActionLabel(t, "something.new")).toBe("something.new");
    expect(auditActionLabel(t, "toString")).toBe("toString");
    expect(auditEntityLabel(t, "widget")).toBe("widget");
    expect(auditActionLabel(t, "approve")).toBe("Approved");
    expect(auditActionLabel(translator("ar"), "export")).toBe("تصدير");
  });
});
