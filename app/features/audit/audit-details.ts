// An audit entry's details as a person reads them (issue 17 point 4): translated labels and values per
// action and entity instead of the stored JSON. Known fields have labels (audit.fields.*), statuses and
// roles their translated names, permissions their registry labels, dates the staff member's format; a
// key nobody taught this file reads as words ("emailCancelled" → "Email cancelled") with its value, never
// as JSON. Identifiers (emails, slugs, IDs, links) are marked left to right; the page isolates every value.
// Safe in the browser.
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { isPermission } from "~/lib/permissions.ts";

type T = (key: string, options?: Record<string, unknown>) => string;

/** What an entry is about, as the page shows it (audit-names.server.ts looks it up). */
export interface AuditSubject {
  /** Its name; null when it was deleted and its entry recorded none. */
  name: string | null;
  /** The Arabic name, where the subject has one. */
  nameAr?: string | null;
  /** An identifier shown beside the name (an enrollment's ID, a staff member's email): left to right. */
  ref?: string | null;
  /** False once the subject has been deleted. */
  exists: boolean;
  /** "role": the name is a role's code, shown translated. */
  kind?: "role";
}

export type AuditValue =
  /** Words: a translated label, or what someone typed (a title, a name); its direction is its own. */
  | { kind: "text"; text: string }
  /** An identifier: an email, a slug, an ID, a link, a phone number. */
  | { kind: "ltr"; text: string }
  | { kind: "list"; items: AuditValue[] }
  | { kind: "change"; from: AuditValue; to: AuditValue };

export interface AuditDetailLine {
  /** The stored key (or path) the line comes from. */
  key: string;
  label: string;
  value: AuditValue;
}

export interface AuditEntryView {
  action: string;
  entity: string;
  details: Record<string, unknown> | null;
  /** Names of other rows the details point to by id; an id without one was deleted since. */
  refNames?: Record<string, string>;
}

/** Keys whose values are identifiers, read left to right. */
const IDENTIFIER_KEYS = new Set([
  "email",
  "recipient",
  "accountEmail",
  "notifyEmail",
  "slug",
  "enrollmentId",
  "facebook",
  "instagram",
  "linkedin",
  "tiktok",
  "phone1",
  "phone2",
  "chatNumber",
  "thumbnailUrl",
  "photoUrl",
]);

/** Keys that hold ids of other rows: shown as how many. */
const ID_LIST_KEYS = new Set(["coursesUnassigned", "removedForEmail"]);

/** Keys that hold field names: shown as those fields' labels. */
const FIELD_LIST_KEYS = new Set(["changed", "fields"]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "emailCancelled" → "Email cancelled", "two_factor" → "Two factor". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const text = (value: string): AuditValue => ({ kind: "text", text: value });
const ltr = (value: string): AuditValue => ({ kind: "ltr", text: value });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

export function auditDetailLines(t: T, entry: AuditEntryView, locale: Locale): AuditDetailLine[] {
  const details = entry.details;
  if (!details) return [];

  const generalLabel = (key: string) => t(`audit.fields.${key}`, { defaultValue: humanizeKey(key) });
  // The settings page's own labels for its fields ("Contact email", "Brand name (Arabic)").
  const fieldLabel = (key: string) =>
    entry.entity === "site_settings" ? t(`settings.fields.${key}`, { defaultValue: generalLabel(key) }) : generalLabel(key);
  const translated = (key: string, fallback: string) => t(key, { defaultValue: humanizeKey(fallback) });

  /** A status or role value, named as the screens of its entity name it. */
  function stateValue(value: unknown): AuditValue {
    const v = String(value);
    if (entry.action === "role.change") return text(translated(`admin.roles.${v}`, v));
    switch (entry.entity) {
      case "enrollment":
        return text(translated(`adminEnrollments.status.${v}`, v));
      case "message":
        return text(translated(`adminMessages.status.${v}`, v));
      case "email":
        return text(translated(`adminEmails.statuses.${v}`, v));
      case "course_run":
        return text(translated(`runsAdmin.status.${v}`, v));
      default:
        return text(humanizeKey(v));
    }
  }

  function permissionValue(value: unknown): AuditValue {
    if (!isPermission(value)) return text(String(value));
    const [resource, action] = value.split(":") as [string, string];
    return text(`${t(`permissions.resources.${resource}`)}: ${t(`permissions.actions.${action}`)}`);
  }

  /** One value, formatted for its key. */
  function valueOf(key: string, value: unknown): AuditValue {
    if (typeof value === "boolean") return text(t(value ? "audit.values.yes" : "audit.values.no"));
    if (typeof value === "number") return text(String(value));
    if (Array.isArray(value)) {
      if (ID_LIST_KEYS.has(key)) return text(String(value.length));
      if (FIELD_LIST_KEYS.has(key)) return { kind: "list", items: value.map((f) => text(fieldLabel(String(f)))) };
      if (entry.entity === "role_permissions") return { kind: "list", items: value.map(permissionValue) };
      return { kind: "list", items: value.map((item) => valueOf(key, item)) };
    }
    if (isRecord(value)) {
      // Only reached inside lists; records at the top level become lines of their own.
      return { kind: "list", items: Object.entries(value).map(([k, v]) => text(`${fieldLabel(k)}: ${plain(k, v)}`)) };
    }
    const s = String(value);
    if (key === "role") return text(translated(`admin.roles.${s}`, s));
    if (key === "kind" && entry.entity === "email") return text(translated(`adminEmails.kinds.${s}`, s));
    if (key === "status" && entry.entity === "enrollment") {
      return text(s === "all" ? t("audit.values.allStatuses") : translated(`adminEnrollments.status.${s}`, s));
    }
    if (key === "status" && entry.entity === "course_run") return text(translated(`runsAdmin.status.${s}`, s));
    if (key === "mode") return text(translated(`runs.mode.${s}`, s));
    if (key === "repeatFrequency") return text(translated(`runsAdmin.frequency.${s}`, s));
    if (key === "language") return text(translated(`audit.values.languages.${s}`, s));
    if (key === "secondFactor") return text(translated(`audit.values.secondFactor.${s}`, s));
    if (key === "refusal") return text(translated(`audit.values.refusal.${s}`, s));
    if (key === "format") return ltr(s.toUpperCase());
    if (ISO_DATE.test(s) && !Number.isNaN(Date.parse(s))) return text(formatDateTime(new Date(s), locale));
    // Another row, by its name: never a raw UUID (issue 36 item 14).
    if (UUID.test(s)) return text(entry.refNames?.[s] ?? t("audit.subject.deletedUnnamed"));
    if (IDENTIFIER_KEYS.has(key)) return ltr(s);
    return text(s);
  }

  /** A value as plain words (inside a list item). */
  function plain(key: string, value: unknown): string {
    const v = valueOf(key, value);
    return v.kind === "text" || v.kind === "ltr" ? v.text : v.kind === "list" ? v.items.map((i) => (i.kind === "text" || i.kind === "ltr" ? i.text : "")).join(", ") : "";
  }

  const lines: AuditDetailLine[] = [];
  const push = (key: string, label: string, value: AuditValue) => lines.push({ key, label, value });

  /** A record's entries as lines (nested records as "Parent › child"), empty values left out. */
  function addRecord(prefix: string, record: Record<string, unknown>, parentLabel?: string) {
    for (const [key, value] of Object.entries(record)) {
      if (isEmpty(value)) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      // A count per language (a run message's recipients) is labelled by the language's name.
      const own = prefix === "byLocale" ? translated(`audit.values.languages.${key}`, key) : fieldLabel(key);
      const label = parentLabel ? `${parentLabel} › ${own}` : own;
      if (isRecord(value)) addRecord(path, value, label);
      else push(path, label, valueOf(key, value));
    }
  }

  /** documents: how many were added (create), or what a save did to them (update); zeros left out. */
  function addDocuments(documents: unknown) {
    const docs = isRecord(documents) ? documents : { added: documents };
    const count = (v: unknown) => (Array.isArray(v) ? v.length : typeof v === "number" ? v : 0);
    if (count(docs.added) > 0) push("documents.added", fieldLabel("documentsAdded"), text(String(count(docs.added))));
    if (count(docs.removed) > 0) push("documents.removed", fieldLabel("documentsRemoved"), text(String(count(docs.removed))));
    if (docs.legacyMigrated === true) push("documents.legacyMigrated", fieldLabel("legacyMigrated"), text(t("audit.values.yes")));
  }

  const rest: Record<string, unknown> = { ...details };
  // The course's title was recorded beside its id: one line, by name.
  if (typeof rest.course === "string" && rest.course.trim()) delete rest.courseId;
  // from/to: one line, "Pending → Approved".
  if ("from" in rest || "to" in rest) {
    const label = entry.action === "role.change" ? fieldLabel("role") : fieldLabel("status");
    if (!isEmpty(rest.from) && !isEmpty(rest.to)) push("from", label, { kind: "change", from: stateValue(rest.from), to: stateValue(rest.to) });
    else if (!isEmpty(rest.to)) push("to", label, stateValue(rest.to));
    delete rest.from;
    delete rest.to;
  }
  // before/after records: one line per field that differs.
  if (isRecord(rest.before) && isRecord(rest.after)) {
    const before = rest.before;
    const after = rest.after;
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
      const from = isEmpty(before[key]) ? text(t("audit.values.empty")) : valueOf(key, before[key]);
      const to = isEmpty(after[key]) ? text(t("audit.values.empty")) : valueOf(key, after[key]);
      push(`before.${key}`, fieldLabel(key), { kind: "change", from, to });
    }
    delete rest.before;
    delete rest.after;
    // The changed fields are the lines above.
    delete rest.changed;
  } else if (Array.isArray(rest.before) && Array.isArray(rest.after) && ("added" in rest || "removed" in rest)) {
    // A permission list before and after: what was added and removed says it.
    delete rest.before;
    delete rest.after;
  }
  const documents = rest.documents;
  delete rest.documents;
  addRecord("", rest);
  addDocuments(documents);
  return lines;
}
