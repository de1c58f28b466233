// Names for the audit log's page (issue 17 point 4): who acted and what the entry is about, looked up
// for the page's rows only — one query per kind of row present (staff, instructors, courses, …), so a
// page costs the same whatever its length. A subject deleted since shows the name its entry recorded
// (a deleted course's title, a deleted user's email), marked as deleted; without one, just "deleted".
import { eq, inArray } from "drizzle-orm";
import { categories, contactMessages, courseRuns, courses, emailOutbox, enrollments, instructors, subcategories, user } from "@db/schema/index.ts";
import { utcToCairoWallTime } from "~/lib/cairo-time.ts";
import { db } from "~/lib/db.server.ts";
import { displayText, emailForStaff } from "~/lib/display-text.ts";
import type { AuditSubject } from "./audit-details.ts";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An instructor signed in through the portal acts as `instructor:<id>` (instructor-accounts/portal). */
const INSTRUCTOR_ACTOR = "instructor:";

export interface AuditRowRef {
  actorId: string | null;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
}

interface Found {
  name: string;
  nameAr?: string | null;
  /** A second identifier shown beside the name (an enrollment's ID). */
  ref?: string;
}

type Lookup = (ids: string[]) => Promise<[string, Found][]>;

const uuids = (ids: string[]) => ids.filter((id) => UUID_RE.test(id));

/** A staff name worth showing: staff added by email get its first part as their name, which says nothing more. */
function ownName(u: { name: string; email: string }): boolean {
  const name = u.name.trim();
  return Boolean(name) && name !== u.email && name !== u.email.split("@")[0];
}

const instructorNames: Lookup = async (ids) =>
  (await db().select({ id: instructors.id, name: instructors.name, nameAr: instructors.nameAr }).from(instructors).where(inArray(instructors.id, uuids(ids)))).map(
    (r) => [r.id, { name: r.name, nameAr: r.nameAr }],
  );

/** Each entity's lookup by id (ids that cannot be one of its ids are left out before asking). */
const LOOKUPS: Record<string, Lookup> = {
  user: async (ids) =>
    (await db().select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, ids))).map((r) => [
      r.id,
      ownName(r) ? { name: r.name, ref: r.email } : { name: r.email },
    ]),
  course: async (ids) =>
    (await db().select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, uuids(ids)))).map((r) => [r.id, { name: r.title }]),
  // A run is named by its course and its start (Cairo time, as staff entered it): runs have no name (issue 36 item 14).
  course_run: async (ids) =>
    (
      await db()
        .select({ id: courseRuns.id, title: courses.title, startsAt: courseRuns.startsAt })
        .from(courseRuns)
        .innerJoin(courses, eq(courses.id, courseRuns.courseId))
        .where(inArray(courseRuns.id, uuids(ids)))
    ).map((r) => [r.id, { name: r.title, ref: utcToCairoWallTime(r.startsAt).replace("T", " ") }]),
  category: async (ids) =>
    (await db().select({ id: categories.id, name: categories.name, nameAr: categories.nameAr }).from(categories).where(inArray(categories.id, uuids(ids)))).map(
      (r) => [r.id, { name: r.name, nameAr: r.nameAr }],
    ),
  subcategory: async (ids) =>
    (
      await db()
        .select({ id: subcategories.id, name: subcategories.name, nameAr: subcategories.nameAr })
        .from(subcategories)
        .where(inArray(subcategories.id, uuids(ids)))
    ).map((r) => [r.id, { name: r.name, nameAr: r.nameAr }]),
  instructor: instructorNames,
  instructor_account: instructorNames,
  enrollment: async (ids) =>
    (
      await db()
        .select({ id: enrollments.id, name: enrollments.studentName, ref: enrollments.enrollmentId })
        .from(enrollments)
        .where(inArray(enrollments.id, uuids(ids)))
    ).map((r) => [r.id, { name: displayText(r.name), ref: r.ref }]),
  // Visitors' names and addresses as the other staff screens show them (issue 34 item 7).
  message: async (ids) =>
    (await db().select({ id: contactMessages.id, name: contactMessages.name }).from(contactMessages).where(inArray(contactMessages.id, uuids(ids)))).map(
      (r) => [r.id, { name: displayText(r.name) }],
    ),
  email: async (ids) =>
    (await db().select({ id: emailOutbox.id, to: emailOutbox.toAddress }).from(emailOutbox).where(inArray(emailOutbox.id, uuids(ids)))).map((r) => [
      r.id,
      { name: emailForStaff(r.to).shown },
    ]),
};

/** What an entry recorded about its subject, for one deleted since. */
function recordedName(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  for (const key of ["title", "name", "email", "recipient", "course"]) {
    const value = details[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return null;
}

/** Entities whose id is not a row (the manager role's permissions: the role's name; settings: none). */
const NAMED_BY_ID = new Set(["role_permissions"]);

export interface AuditNames {
  /** The acting staff member's or instructor's name, by actor id; absent when not found. */
  actors: Map<string, string>;
  subjectOf(row: AuditRowRef): AuditSubject | null;
}

export async function lookupAuditNames(rows: readonly AuditRowRef[]): Promise<AuditNames> {
  const staffIds = new Set<string>();
  const instructorIds = new Set<string>();
  for (const r of rows) {
    if (!r.actorId) continue;
    if (r.actorId.startsWith(INSTRUCTOR_ACTOR)) instructorIds.add(r.actorId.slice(INSTRUCTOR_ACTOR.length));
    else staffIds.add(r.actorId);
  }
  const byEntity = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!r.entityId || !Object.hasOwn(LOOKUPS, r.entity)) continue;
    const ids = byEntity.get(r.entity) ?? new Set<string>();
    ids.add(r.entityId);
    byEntity.set(r.entity, ids);
  }
  const [staff, portal, ...subjects] = await Promise.all([
    staffIds.size ? db().select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, [...staffIds])) : [],
    instructorIds.size ? instructorNames([...instructorIds]) : [],
    ...[...byEntity].map(async ([entity, ids]) => {
      const list = [...ids];
      const found = list.some((id) => entity === "user" || UUID_RE.test(id)) ? await LOOKUPS[entity]!(list) : [];
      return [entity, new Map(found)] as const;
    }),
  ]);
  const actors = new Map<string, string>();
  for (const r of staff) if (ownName(r)) actors.set(r.id, r.name);
  for (const [id, found] of portal) actors.set(`${INSTRUCTOR_ACTOR}${id}`, found.name);
  const subjectMaps = new Map(subjects);

  return {
    actors,
    subjectOf(row) {
      if (!row.entityId) return null;
      if (NAMED_BY_ID.has(row.entity)) return { name: row.entityId, exists: true, kind: "role" };
      const found = subjectMaps.get(row.entity)?.get(row.entityId);
      if (found) return { name: found.name, nameAr: found.nameAr ?? null, ref: found.ref ?? null, exists: true };
      if (!Object.hasOwn(LOOKUPS, row.entity)) return null;
      const ref = row.details?.enrollmentId;
      return { name: recordedName(row.details), exists: false, ...(typeof ref === "string" && ref ? { ref } : {}) };
    },
  };
}

/** The UUIDs an entry's details hold under `…Id` keys (top level and in before/after records). */
export function referencedIds(details: Record<string, unknown> | null): string[] {
  if (!details) return [];
  const records = [details, details.before, details.after].filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null && !Array.isArray(r));
  return records.flatMap((r) => Object.entries(r).flatMap(([k, v]) => (k.endsWith("Id") && typeof v === "string" && UUID_RE.test(v) ? [v] : [])));
}

/**
 * Names for the other rows entries point to (a run's course and instructor, a course's category…), so the
 * details say "Instructor: Mona Adel" rather than a UUID (issue 36 item 14). One query per kind of row; an id
 * found nowhere (deleted since) is left out, and the page says so instead.
 */
export async function lookupReferencedNames(detailsList: readonly (Record<string, unknown> | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(detailsList.flatMap(referencedIds))];
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const kinds: Lookup[] = [LOOKUPS.course!, LOOKUPS.course_run!, LOOKUPS.category!, LOOKUPS.subcategory!, instructorNames, LOOKUPS.user!];
  for (const found of await Promise.all(kinds.map((lookup) => lookup(ids)))) {
    for (const [id, f] of found) names.set(id, f.ref && !f.ref.includes("@") ? `${f.name} (${f.ref})` : f.name);
  }
  return names;
}
