// A request as a student sends it (the public form's domain call, with its confirmation email queued), then
// approved by staff: the starting point of every payment test (a priced request approved holds its seat).
import { eq } from "drizzle-orm";
import { enrollments } from "@db/schema/index.ts";
import { setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import { db } from "~/lib/db.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { Actor } from "~/lib/permissions.server.ts";

let seq = 0;

export interface ApprovedRequest {
  /** The student-facing reference (ENR-…). */
  reference: string;
  /** The row's id. */
  id: string;
  email: string;
}

/** A request for the course (and run) approved by `admin`; each call uses a new email address. */
export async function approvedRequest(
  admin: Actor,
  options: { courseId: string; runId?: string; locale?: Locale; name?: string; emailPrefix?: string },
): Promise<ApprovedRequest> {
  const locale = options.locale ?? "en";
  const email = `${options.emailPrefix ?? "student"}${++seq}.${locale}@example.com`;
  const { enrollmentId: reference } = await createEnrollment(
    {
      courseId: options.courseId,
      ...(options.runId ? { runId: options.runId } : {}),
      studentName: options.name ?? "Mona Adel",
      studentEmail: email,
      countryCode: "+20",
      phoneNumber: "010 1234 5678",
      message: "",
      website: "",
    },
    { locale },
  );
  const [row] = await db().select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.enrollmentId, reference));
  await setEnrollmentStatus(admin, [row!.id], "approved");
  return { reference, id: row!.id, email };
}
