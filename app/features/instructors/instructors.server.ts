// Instructors (SPEC §2 Admin Instructors, §3, §5 Instructor, §8; D18, D22). Every function takes the
// acting staff member first and asks the permission gate itself, so no caller can skip the check. Each
// write is one transaction with its audit line; files leave storage only after the change committed.
import { instructorProfileColumns } from "~/domain/instructors/instructor-columns.server.ts";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { courses, instructorAccounts, instructorSessions, instructors } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { assertCurrentVersion } from "~/lib/edit-conflict.server.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { db, type Tx } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { parseInput } from "~/lib/parse-input.ts";
import { deleteStoredImage, isUploadedImageUrl } from "~/lib/uploads.server.ts";
import { accountSummary, type AccountSummary } from "./account-status.ts";
import {
  INSTRUCTOR_ERRORS,
  instructorFieldsSchema,
  type InstructorFields,
  type InstructorFieldsValues,
} from "./instructors.schema.ts";

/** An instructor's stored fields (SPEC §3), optional ones null when empty. */
export interface InstructorRecord extends InstructorFields {
  id: string;
}

/** One card of the Admin Instructors grid: the instructor and their login account's status. */
export interface AdminInstructor extends InstructorRecord {
  account: AccountSummary;
  /** The version its edit form carries (app/lib/edit-version.ts): a save over a newer one is refused. */
  version: string;
}

const FIELD_NAMES = [
  "name",
  "nameAr",
  "title",
  "titleAr",
  "bioShort",
  "bioShortAr",
  "email",
  "facebook",
  "instagram",
  "linkedin",
  "photoUrl",
] as const satisfies readonly (keyof InstructorFields)[];

const recordColumns = instructorProfileColumns;

/**
 * Every instructor by name, with the account status derived from instructor_accounts (Active, Expired,
 * No Account, duration). One query whatever the number of instructors.
 */
export async function listInstructorsForAdmin(actor: Actor, now: Date = new Date()): Promise<AdminInstructor[]> {
  requirePermission(actor, "instructors:view");
  const rows = await db()
    .select({
      ...recordColumns,
      updatedAt: instructors.updatedAt,
      accountExpiresAt: instructorAccounts.expiresAt,
      accountIsActive: instructorAccounts.isActive,
      accountHours: instructorAccounts.durationHours,
      accountMinutes: instructorAccounts.durationMinutes,
    })
    .from(instructors)
    .leftJoin(instructorAccounts, eq(instructorAccounts.instructorId, instructors.id))
    .orderBy(asc(instructors.name), asc(instructors.id));
  return rows.map(({ accountExpiresAt, accountIsActive, accountHours, accountMinutes, updatedAt, ...instructor }) => ({
    ...instructor,
    version: editVersion(updatedAt),
    account: accountSummary(
      accountExpiresAt === null
        ? null
        : { expiresAt: accountExpiresAt, isActive: accountIsActive, durationHours: accountHours, durationMinutes: accountMinutes },
      now,
    ),
  }));
}

/** Bad input → 400 with one message per field (the first rule each field breaks). */
function parseFields(input: InstructorFieldsValues): InstructorFields {
  return parseInput(instructorFieldsSchema, input, INSTRUCTOR_ERRORS.invalidRequest);
}

/**
 * The photo a save may store: none, the one already stored (unchanged), or a photo our uploads produced
 * (`/media/photos/<year>/<random>.webp`, or the S3 public address of one). Any other address — an
 * external URL, a course thumbnail, a crafted path — is refused.
 */
function acceptPhoto(next: string | null, current: string | null): string | null {
  if (next === null || next === current || isUploadedImageUrl(next, "photo")) return next;
  throw new AppError("bad_request", INSTRUCTOR_ERRORS.photoInvalid, { fields: { photoUrl: INSTRUCTOR_ERRORS.photoInvalid } });
}

/**
 * D22: a replaced or removed photo leaves storage — unless something else still shows the same file (a
 * crafted save could point two rows at one upload; removing it would break the other). Runs after the
 * change committed; a failure is logged, never undoes the save.
 */
async function removeImageIfUnused(url: string): Promise<void> {
  try {
    const [stillUsed] = await db()
      .select({ id: instructors.id })
      .from(instructors)
      .where(eq(instructors.photoUrl, url))
      .union(db().select({ id: courses.id }).from(courses).where(eq(courses.thumbnailUrl, url)))
      .limit(1);
    if (stillUsed) return;
    await deleteStoredImage(url);
  } catch (err) {
    logger.error({ err, url }, "removing a replaced instructor photo failed");
  }
}

/**
 * Issue 17: two instructors never share an email, the address their login account is made for. Saves
 * that set an email wait for one another (a lock held until the transaction ends), so two at once
 * cannot both find the address free. Taken means another instructor has it, or another instructor's
 * login account was made for it (an account keeps the address it was made with). Refused with a field
 * message; the other instructor and their account are left alone.
 */
async function refuseTakenEmail(tx: Tx, email: string | null, instructorId: string | null): Promise<void> {
  if (!email) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('instructors.email'))`);
  const others = (column: typeof instructors.id | typeof instructorAccounts.instructorId) =>
    instructorId ? ne(column, instructorId) : undefined;
  const [taken] = await tx
    .select({ id: instructors.id })
    .from(instructors)
    .where(and(eq(sql`lower(${instructors.email})`, email), others(instructors.id)))
    .union(
      tx
        .select({ id: instructorAccounts.instructorId })
        .from(instructorAccounts)
        .where(and(eq(instructorAccounts.email, email), others(instructorAccounts.instructorId))),
    )
    .limit(1);
  if (taken) throw new AppError("conflict", INSTRUCTOR_ERRORS.emailTaken, { fields: { email: INSTRUCTOR_ERRORS.emailTaken } });
}

/** Add Instructor. */
export async function createInstructor(actor: Actor, input: InstructorFieldsValues): Promise<InstructorRecord> {
  requirePermission(actor, "instructors:create");
  const fields = parseFields(input);
  const photoUrl = acceptPhoto(fields.photoUrl, null);
  try {
    return await db().transaction(async (tx) => {
      await refuseTakenEmail(tx, fields.email, null);
      const [row] = await tx
        .insert(instructors)
        .values({ ...fields, photoUrl })
        .returning(recordColumns);
      await recordAudit(tx, actor, {
        action: "create",
        entity: "instructor",
        entityId: row!.id,
        data: { name: row!.name, fields: FIELD_NAMES.filter((k) => row![k] !== null) },
      });
      return row!;
    });
  } catch (err) {
    unexpected(err, INSTRUCTOR_ERRORS.saveFailed, "create instructor failed");
  }
}

/**
 * Edit Instructor: every field replaced by the form's values; a replaced or removed photo leaves storage.
 * With the version its form was opened at, a colleague's newer save is refused (409), never overwritten.
 */
export async function updateInstructor(
  actor: Actor,
  instructorId: string,
  input: InstructorFieldsValues & { version?: string },
): Promise<InstructorRecord> {
  requirePermission(actor, "instructors:edit");
  const fields = parseFields(input);
  let previousPhoto: string | null = null;
  let saved: InstructorRecord;
  try {
    saved = await db().transaction(async (tx) => {
      const [locked] = await tx
        .select({ ...recordColumns, updatedAt: instructors.updatedAt })
        .from(instructors)
        .where(eq(instructors.id, instructorId))
        .for("update");
      if (!locked) throw new AppError("not_found", INSTRUCTOR_ERRORS.notFound);
      const { updatedAt, ...current } = locked;
      await assertCurrentVersion(tx, { entity: "instructor", entityId: instructorId, updatedAt }, input.version);
      const next = { ...fields, photoUrl: acceptPhoto(fields.photoUrl, current.photoUrl) };
      const changed = FIELD_NAMES.filter((k) => next[k] !== current[k]);
      if (changed.length === 0) return current; // nothing changes, nothing to record
      if (changed.includes("email")) await refuseTakenEmail(tx, next.email, instructorId);
      const [row] = await tx.update(instructors).set(next).where(eq(instructors.id, instructorId)).returning(recordColumns);
      await recordAudit(tx, actor, {
        action: "update",
        entity: "instructor",
        entityId: instructorId,
        data: { name: row!.name, changed },
      });
      previousPhoto = current.photoUrl !== row!.photoUrl ? current.photoUrl : null;
      return row!;
    });
  } catch (err) {
    unexpected(err, INSTRUCTOR_ERRORS.saveFailed, "update instructor failed");
  }
  if (previousPhoto) await removeImageIfUnused(previousPhoto);
  return saved;
}

export interface DeletedInstructor {
  id: string;
  name: string;
  nameAr: string | null;
  /** Courses that were assigned to the instructor and are now unassigned. */
  coursesUnassigned: number;
  /** Whether a login account (and its sessions) was removed with the instructor. */
  accountRemoved: boolean;
}

/**
 * Delete (D22): in one transaction the instructor's courses become unassigned, their login account and
 * its sessions go, and the instructor row goes; then their photo leaves storage.
 */
export async function deleteInstructor(actor: Actor, instructorId: string): Promise<DeletedInstructor> {
  requirePermission(actor, "instructors:delete");
  let photoUrl: string | null = null;
  let result: DeletedInstructor;
  try {
    result = await db().transaction(async (tx) => {
      const [current] = await tx.select(recordColumns).from(instructors).where(eq(instructors.id, instructorId)).for("update");
      if (!current) throw new AppError("not_found", INSTRUCTOR_ERRORS.notFound);
      const unassigned = await tx
        .update(courses)
        .set({ instructorId: null })
        .where(eq(courses.instructorId, instructorId))
        .returning({ id: courses.id });
      const accounts = tx
        .select({ id: instructorAccounts.id })
        .from(instructorAccounts)
        .where(eq(instructorAccounts.instructorId, instructorId));
      const sessions = await tx
        .delete(instructorSessions)
        .where(inArray(instructorSessions.accountId, accounts))
        .returning({ id: instructorSessions.id });
      const removedAccounts = await tx
        .delete(instructorAccounts)
        .where(eq(instructorAccounts.instructorId, instructorId))
        .returning({ email: instructorAccounts.email });
      await tx.delete(instructors).where(eq(instructors.id, instructorId));
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "instructor",
        entityId: instructorId,
        data: {
          name: current.name,
          coursesUnassigned: unassigned.map((c) => c.id),
          accountEmail: removedAccounts[0]?.email ?? null,
          sessions: sessions.length,
        },
      });
      photoUrl = current.photoUrl;
      return {
        id: instructorId,
        name: current.name,
        nameAr: current.nameAr ?? null,
        coursesUnassigned: unassigned.length,
        accountRemoved: removedAccounts.length > 0,
      };
    });
  } catch (err) {
    unexpected(err, INSTRUCTOR_ERRORS.deleteFailed, "delete instructor failed");
  }
  if (photoUrl) await removeImageIfUnused(photoUrl);
  return result;
}
