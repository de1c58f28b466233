// Contact form schema (SPEC §5): what the server parses. The browser checks the same rules without zod
// (contact.rules.ts: validateContact); a test keeps the two in agreement. No server imports here.
// Error messages are locale keys ("contact.errors.*" in app/locales/<lng>/forms.json).
import { z } from "zod";
import { honeypot, personName, requiredEmail, requiredText } from "~/lib/validation.schema.ts";
import { CONTACT_ERRORS, CONTACT_LIMITS } from "./contact.rules.ts";

export { isHoneypotFilled } from "~/lib/validation.ts";
export { CONTACT_ERRORS, CONTACT_LIMITS } from "./contact.rules.ts";

export const contactSchema = z.object({
  name: personName(CONTACT_LIMITS.name, {
    required: CONTACT_ERRORS.nameRequired,
    tooLong: CONTACT_ERRORS.nameTooLong,
    invalid: CONTACT_ERRORS.nameInvalid,
  }),
  email: requiredEmail({
    required: CONTACT_ERRORS.emailRequired,
    tooLong: CONTACT_ERRORS.emailTooLong,
    invalid: CONTACT_ERRORS.emailInvalid,
  }),
  message: requiredText(CONTACT_LIMITS.message, {
    required: CONTACT_ERRORS.messageRequired,
    tooLong: CONTACT_ERRORS.messageTooLong,
  }),
  website: honeypot,
});

export type ContactFormValues = z.input<typeof contactSchema>;
export type ContactInput = z.output<typeof contactSchema>;
