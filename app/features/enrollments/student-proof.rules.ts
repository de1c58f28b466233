// The proof of payment form's rules for the browser, without zod (docs/decisions/005-js-budget.md): the same
// checks as student-proof.schema.ts, which the server applies (student-proof.rules.test.ts keeps them in
// step), and the file's, which only the browser can see before it is sent (the server checks it again, by
// its content).
import type { FieldErrors, FormValues } from "~/lib/form-validation.ts";
import { piastresFromText } from "~/lib/money.ts";
import { MANUAL_METHODS } from "~/domain/payments/payment-methods.ts";
import { isOneOf } from "~/lib/validation.ts";

export const PROOF_FORM_ERRORS = {
  fileRequired: "myEnrollment.proof.errors.fileRequired",
  fileTooLarge: "myEnrollment.proof.errors.fileTooLarge",
  fileType: "myEnrollment.proof.errors.fileType",
  interrupted: "myEnrollment.proof.errors.interrupted",
  amountInvalid: "myEnrollment.proof.errors.amountInvalid",
  methodRequired: "myEnrollment.proof.errors.methodRequired",
  referenceRequired: "myEnrollment.proof.errors.referenceRequired",
} as const;

/** 5 MB, as the server's limit (app/lib/uploads.server.ts PROOF_MAX_BYTES). */
export const PROOF_FILE_MAX_BYTES = 5_242_880;
export const PROOF_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf";
export const PROOF_REFERENCE_MAX = 200;

/** The form's text fields' errors, read as the server reads them (blank = undefined). */
export function validateProofFields(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  const amount = values.amount === undefined ? null : piastresFromText(values.amount);
  if (!amount) errors.amount = [PROOF_FORM_ERRORS.amountInvalid];
  if (!isOneOf(values.method, MANUAL_METHODS)) errors.method = [PROOF_FORM_ERRORS.methodRequired];
  const reference = values.reference?.trim() ?? "";
  if (reference.length < 1 || reference.length > PROOF_REFERENCE_MAX) errors.reference = [PROOF_FORM_ERRORS.referenceRequired];
  return errors;
}

/** The chosen file's error, if any (none chosen, too large, or plainly not a photo or a PDF). */
export function checkProofFile(file: { size: number; type: string } | undefined): string | null {
  if (!file || file.size === 0) return PROOF_FORM_ERRORS.fileRequired;
  if (file.size > PROOF_FILE_MAX_BYTES) return PROOF_FORM_ERRORS.fileTooLarge;
  if (file.type && !/^(image\/(jpeg|png|webp)|application\/pdf)$/.test(file.type)) return PROOF_FORM_ERRORS.fileType;
  return null;
}
