// The proof of payment form's words and limits, shared by the page (app/features/enrollments/components/
// student-proof-form.tsx) and the server's schema (student-proof.schema.ts), without zod so the page does
// not carry it (docs/decisions/005-js-budget.md). Messages are locale keys ("myEnrollment.proof.errors.*").
export const PROOF_FORM_ERRORS = {
  fileRequired: "myEnrollment.proof.errors.fileRequired",
  fileTooLarge: "myEnrollment.proof.errors.fileTooLarge",
  fileType: "myEnrollment.proof.errors.fileType",
  interrupted: "myEnrollment.proof.errors.interrupted",
  amountInvalid: "myEnrollment.proof.errors.amountInvalid",
  methodRequired: "myEnrollment.proof.errors.methodRequired",
  referenceRequired: "myEnrollment.proof.errors.referenceRequired",
} as const;

/** What the file chooser offers (the server decides by the file's content). */
export const PROOF_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf";
export const PROOF_REFERENCE_MAX = 200;
