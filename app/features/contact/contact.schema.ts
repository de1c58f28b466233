// Contact form rules (SPEC §5), shared by the browser and the server. No server imports here.
// Error messages are locale keys ("contact.errors.*" in app/locales/<lng>/forms.json).
import { z } from "zod";
import { honeypot, requiredEmail, requiredText } from "~/features/enrollments/enrollment.schema.ts";

export { isHoneypotFilled } from "~/features/enrollments/enrollment.schema.ts";

/** SPEC §9 name 100; email 254 (RFC 5321); message 2000. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

export const CONTACT_ERRORS = {
  nameRequired: "contact.errors.nameRequired",
  nameTooLong: "contact.errors.nameTooLong",
  emailRequired: "contact.errors.emailRequired",
  emailInvalid: "contact.errors.emailInvalid",
  emailTooLong: "contact.errors.emailTooLong",
  messageRequired: "contact.errors.messageRequired",
  messageTooLong: "contact.errors.messageTooLong",
} as const;

export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, { required: CONTACT_ERRORS.nameRequired, tooLong: CONTACT_ERRORS.nameTooLong }),
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
