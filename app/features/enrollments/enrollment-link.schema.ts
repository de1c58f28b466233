// "Send me my request's link" (issue 37 items 3 and 9): the reference a student has (from the success
// screen, a message from staff) and the email they used. What the server parses; the page carries no
// validation code (JavaScript budget): refusals come back beside their fields. No server imports here.
import { z } from "zod";
import { toWesternDigits } from "~/lib/digits.ts";
import { honeypot, requiredEmail } from "~/lib/validation.schema.ts";

export { isHoneypotFilled } from "~/lib/validation.ts";

export const LINK_ERRORS = {
  referenceInvalid: "findLink.errors.referenceInvalid",
  emailRequired: "findLink.errors.emailRequired",
  emailTooLong: "findLink.errors.emailInvalid",
  emailInvalid: "findLink.errors.emailInvalid",
} as const;

export const enrollmentLinkSchema = z.object({
  // As read aloud or copied: spaces dropped, any case, Arabic-Indic digits.
  reference: z
    .string({ error: LINK_ERRORS.referenceInvalid })
    .transform((v) => toWesternDigits(v).replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^ENR-[A-Z0-9-]{4,40}$/, { error: LINK_ERRORS.referenceInvalid })),
  email: requiredEmail({ required: LINK_ERRORS.emailRequired, tooLong: LINK_ERRORS.emailTooLong, invalid: LINK_ERRORS.emailInvalid }),
  website: honeypot,
});

export type EnrollmentLinkInput = z.output<typeof enrollmentLinkSchema>;
