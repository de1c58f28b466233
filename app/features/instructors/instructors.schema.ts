// Admin Instructors forms (SPEC §2 Admin Instructors, §3 Instructor, §5 Instructor; D22), shared by the
// browser (instant feedback) and the server (the action and the domain functions re-check). No server
// imports here. Error messages are locale keys ("instructorsAdmin.errors.*" in
// app/locales/<lng>/admin-instructors.json); each field reports one error at a time, the first it breaks.
import { editVersion, optionalTextOrNull } from "~/lib/validation.schema.ts";
import { z } from "zod";
import type { AccountReplyFields } from "~/features/instructor-accounts/accounts.schema.ts";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { completeWebAddress, EMAIL_PATTERN } from "~/lib/validation.ts";

/** SPEC §5/§9 field limits; email 254 (RFC 5321); links 2048 (a practical URL limit). */
export const INSTRUCTOR_LIMITS = {
  name: 100,
  nameAr: 100,
  title: 100,
  titleAr: 100,
  bioShort: 2000,
  bioShortAr: 2000,
  email: 254,
  url: 2048,
  photoUrl: 1000,
} as const;

export const INSTRUCTOR_ERRORS = {
  nameRequired: "instructorsAdmin.errors.nameRequired",
  nameTooLong: "instructorsAdmin.errors.nameTooLong",
  nameArTooLong: "instructorsAdmin.errors.nameArTooLong",
  titleTooLong: "instructorsAdmin.errors.titleTooLong",
  titleArTooLong: "instructorsAdmin.errors.titleArTooLong",
  bioTooLong: "instructorsAdmin.errors.bioTooLong",
  bioArTooLong: "instructorsAdmin.errors.bioArTooLong",
  emailInvalid: "instructorsAdmin.errors.emailInvalid",
  emailTaken: "instructorsAdmin.errors.emailTaken",
  facebookInvalid: "instructorsAdmin.errors.facebookInvalid",
  instagramInvalid: "instructorsAdmin.errors.instagramInvalid",
  linkedinInvalid: "instructorsAdmin.errors.linkedinInvalid",
  photoInvalid: "instructorsAdmin.errors.photoInvalid",
  instructorInvalid: "instructorsAdmin.errors.instructorInvalid",
  notFound: "instructorsAdmin.errors.notFound",
  invalidRequest: "instructorsAdmin.errors.invalidRequest",
  saveFailed: "instructorsAdmin.errors.saveFailed",
  deleteFailed: "instructorsAdmin.errors.deleteFailed",
} as const;

/** An absolute http(s) address with a dotted host name ("nope" completed to https://nope is no address), and no whitespace. */
export function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

const blankToNull = (v: string | null | undefined) => (v ? v : null);

/**
 * An optional link: empty, or a valid http(s) URL (SPEC §5 'Invalid … URL'); typed without https:// it is
 * completed (completeWebAddress), in the browser's check and in the stored value alike.
 */
function optionalUrl(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .max(INSTRUCTOR_LIMITS.url, { error: invalid, abort: true })
    .overwrite(completeWebAddress)
    .refine((v) => v === "" || isWebUrl(v), { error: invalid, abort: true })
    .nullish()
    .transform(blankToNull);
}

/** The instructor's fields as the create/edit form sends them; the output has null for every blank optional. */
export const instructorFieldsSchema = z.object({
  name: z
    .string({ error: INSTRUCTOR_ERRORS.nameRequired })
    .trim()
    .min(1, { error: INSTRUCTOR_ERRORS.nameRequired, abort: true })
    .max(INSTRUCTOR_LIMITS.name, { error: INSTRUCTOR_ERRORS.nameTooLong, abort: true }),
  nameAr: optionalTextOrNull(INSTRUCTOR_LIMITS.nameAr, INSTRUCTOR_ERRORS.nameArTooLong),
  title: optionalTextOrNull(INSTRUCTOR_LIMITS.title, INSTRUCTOR_ERRORS.titleTooLong),
  titleAr: optionalTextOrNull(INSTRUCTOR_LIMITS.titleAr, INSTRUCTOR_ERRORS.titleArTooLong),
  bioShort: optionalTextOrNull(INSTRUCTOR_LIMITS.bioShort, INSTRUCTOR_ERRORS.bioTooLong),
  bioShortAr: optionalTextOrNull(INSTRUCTOR_LIMITS.bioShortAr, INSTRUCTOR_ERRORS.bioArTooLong),
  email: z
    .string({ error: INSTRUCTOR_ERRORS.emailInvalid })
    .trim()
    .max(INSTRUCTOR_LIMITS.email, { error: INSTRUCTOR_ERRORS.emailInvalid, abort: true })
    .refine((v) => v === "" || EMAIL_PATTERN.test(v), { error: INSTRUCTOR_ERRORS.emailInvalid, abort: true })
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  facebook: optionalUrl(INSTRUCTOR_ERRORS.facebookInvalid),
  instagram: optionalUrl(INSTRUCTOR_ERRORS.instagramInvalid),
  linkedin: optionalUrl(INSTRUCTOR_ERRORS.linkedinInvalid),
  /**
   * The upload component's hidden value: '' (none/removed) or a URL. Whether a URL is acceptable depends
   * on the stored value (unchanged, or one of our uploads), so the server decides (instructors.server.ts).
   */
  photoUrl: z
    .string({ error: INSTRUCTOR_ERRORS.photoInvalid })
    .trim()
    .max(INSTRUCTOR_LIMITS.photoUrl, { error: INSTRUCTOR_ERRORS.photoInvalid, abort: true })
    .nullish()
    .transform(blankToNull),
});

export type InstructorFieldsValues = z.input<typeof instructorFieldsSchema>;
export type InstructorFields = z.output<typeof instructorFieldsSchema>;

const instructorId = z.guid({ error: INSTRUCTOR_ERRORS.instructorInvalid });

export type InstructorIntent = "create" | "update" | "delete";

/** What the /admin/instructors action reports besides the common part (its account post too). */
export interface InstructorReplyFields extends AccountReplyFields {
  /** The instructor an edit or delete was about (so a no-JS page can show that form again). */
  instructorId: string;
  /** Name of the instructor added, changed or deleted, and its Arabic name (the message names the one the page shows). */
  name: string;
  nameAr?: string | null;
}
export type InstructorsReply = AdminReply<InstructorIntent | "account", InstructorReplyFields>;

/** Add Instructor (intent "create"). */
export const createInstructorSchema = instructorFieldsSchema.extend({ intent: z.literal("create") });

/** Edit Instructor (intent "update"). */
export const updateInstructorSchema = instructorFieldsSchema.extend({ intent: z.literal("update"), instructorId, version: editVersion });

/** Delete confirmation (intent "delete"). */
export const deleteInstructorSchema = z.object({ intent: z.literal("delete"), instructorId });

