// Students' sign-in form (issue 38 item 1): the email address their requests were made with. What the
// server parses; the page carries no validation code (its refusals come back beside the field). No server
// imports here.
import { z } from "zod";
import { honeypot, requiredEmail } from "~/lib/validation.schema.ts";

export { isHoneypotFilled } from "~/lib/validation.ts";

export const STUDENT_SIGN_IN_ERRORS = {
  emailRequired: "my.signIn.errors.emailRequired",
  emailInvalid: "my.signIn.errors.emailInvalid",
} as const;

export const studentSignInSchema = z.object({
  email: requiredEmail({ required: STUDENT_SIGN_IN_ERRORS.emailRequired, tooLong: STUDENT_SIGN_IN_ERRORS.emailInvalid, invalid: STUDENT_SIGN_IN_ERRORS.emailInvalid }),
  website: honeypot,
});

export type StudentSignInInput = z.output<typeof studentSignInSchema>;
