// Contact form rules without zod (SPEC §5): the limits and messages contact.schema.ts (the server) is
// built from, and the same checks for the browser (docs/decisions/005-js-budget.md);
// contact.rules.test.ts checks that both always agree. Messages are locale keys ("contact.errors.*").
import type { FieldErrors, FormValues } from "~/lib/form-validation.ts";
import { checkPersonName, checkRequiredEmail, checkRequiredText } from "~/lib/validation.ts";

/** SPEC §9 name 100; email 254 (RFC 5321); message 2000. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

export const CONTACT_ERRORS = {
  nameRequired: "contact.errors.nameRequired",
  nameTooLong: "contact.errors.nameTooLong",
  nameInvalid: "contact.errors.nameInvalid",
  emailRequired: "contact.errors.emailRequired",
  emailInvalid: "contact.errors.emailInvalid",
  emailTooLong: "contact.errors.emailTooLong",
  messageRequired: "contact.errors.messageRequired",
  messageTooLong: "contact.errors.messageTooLong",
} as const;

/** The contact form's errors by field, for values read as the server reads them (blank = undefined). */
export function validateContact(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  const put = (field: string, key: string | null) => {
    if (key) errors[field] = [key];
  };
  put(
    "name",
    checkPersonName(values.name, CONTACT_LIMITS.name, {
      required: CONTACT_ERRORS.nameRequired,
      tooLong: CONTACT_ERRORS.nameTooLong,
      invalid: CONTACT_ERRORS.nameInvalid,
    }),
  );
  put(
    "email",
    checkRequiredEmail(values.email, {
      required: CONTACT_ERRORS.emailRequired,
      tooLong: CONTACT_ERRORS.emailTooLong,
      invalid: CONTACT_ERRORS.emailInvalid,
    }),
  );
  put(
    "message",
    checkRequiredText(values.message, CONTACT_LIMITS.message, {
      required: CONTACT_ERRORS.messageRequired,
      tooLong: CONTACT_ERRORS.messageTooLong,
    }),
  );
  return errors;
}
