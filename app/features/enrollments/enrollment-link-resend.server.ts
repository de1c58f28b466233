// "Send me my request's link" (issue 37 items 3 and 9): a student who lost the email gives the request's
// reference and the email address it was made with; when both match a request, its page's link is emailed
// to that address (never to another), in the language of the page that asked. The answer is the same
// whether or not they match, so the form tells nobody which references or addresses exist.
import { and, eq, sql } from "drizzle-orm";
import { enrollments } from "@db/schema/index.ts";
import { enrollmentPageUrl } from "~/domain/enrollments/enrollment-link.server.ts";
import { renderEnrollmentLinkEmail } from "~/emails/enrollment-link.ts";
import { db } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";
import { env } from "~/lib/env.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { EnrollmentLinkInput } from "./enrollment-link.schema.ts";

export const ENROLLMENT_LINK_KIND = "enrollment-link";

export async function resendEnrollmentLink(input: Pick<EnrollmentLinkInput, "reference" | "email">, locale: Locale): Promise<{ sent: true }> {
  const queued = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ reference: enrollments.enrollmentId, name: enrollments.studentName, email: enrollments.studentEmail, courseName: enrollments.courseName })
      .from(enrollments)
      .where(and(eq(enrollments.enrollmentId, input.reference), sql`lower(${enrollments.studentEmail}) = lower(${input.email.trim()})`))
      .limit(1);
    if (!row) return false;
    const mail = await loadMailContext(tx);
    const email = renderEnrollmentLinkEmail({
      locale,
      t: emailT(locale),
      brand: mail.brandName(locale),
      studentName: row.name,
      courseName: row.courseName,
      enrollmentId: row.reference,
      pageUrl: enrollmentPageUrl(env().PUBLIC_URL, locale, row.reference),
    });
    // To the address the request was made with, as stored (not as typed).
    await enqueueEmail(tx, { kind: ENROLLMENT_LINK_KIND, to: row.email, ...email });
    return true;
  });
  if (queued) await wakeOutbox();
  return { sent: true };
}
