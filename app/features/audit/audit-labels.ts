// The audit log page's labels (issue 13 point 8): every action and entity code that `recordAudit` writes
// has a translated label in both languages. audit-labels.test.ts scans the code for the codes recorded
// and fails when one has no label here or no text in a locale file. Safe in the browser.

/** Action code as recorded → locale key (under `audit.actions`). */
export const AUDIT_ACTION_KEYS: Readonly<Record<string, string>> = {
  create: "audit.actions.create",
  update: "audit.actions.update",
  delete: "audit.actions.delete",
  "role.change": "audit.actions.roleChange",
  "password.change": "audit.actions.passwordChange",
  "password.reset": "audit.actions.passwordReset",
  "password.show": "audit.actions.passwordShow",
  sign_in: "audit.actions.signIn",
  "sign_in.refused": "audit.actions.signInRefused",
  sign_out: "audit.actions.signOut",
  publish: "audit.actions.publish",
  unpublish: "audit.actions.unpublish",
  "status.change": "audit.actions.statusChange",
  "payment.due": "audit.actions.paymentDue",
  "payment.record": "audit.actions.paymentRecord",
  "payment.refund": "audit.actions.paymentRefund",
  "payment.proof.submit": "audit.actions.paymentProofSubmit",
  "payment.proof.reject": "audit.actions.paymentProofReject",
  "hold.expire": "audit.actions.holdExpire",
  "enrollment.withdraw": "audit.actions.enrollmentWithdraw",
  "student.profile.update": "audit.actions.studentProfileUpdate",
  "data.erase.request": "audit.actions.dataEraseRequest",
  "data.erase": "audit.actions.dataErase",
  "data.retention": "audit.actions.dataRetention",
  approve: "audit.actions.approve",
  reject: "audit.actions.reject",
  export: "audit.actions.export",
  renew: "audit.actions.renew",
  "two_factor.enable": "audit.actions.twoFactorEnable",
  "two_factor.disable": "audit.actions.twoFactorDisable",
  "two_factor.recovery_codes": "audit.actions.twoFactorRecoveryCodes",
  "two_factor.reset": "audit.actions.twoFactorReset",
  // Issue 20: staff wrote to a run's approved students.
  message: "audit.actions.message",
};

/** Entity codes as recorded; each is labelled by `audit.entities.<code>`. */
export const AUDIT_ENTITIES: ReadonlySet<string> = new Set([
  "user",
  "role_permissions",
  "course",
  "course_run",
  "category",
  "subcategory",
  "instructor",
  "instructor_account",
  "enrollment",
  "message",
  "settings",
  "site_settings",
  "email",
  "payment",
  "student",
  "data_request",
]);

type T = (key: string) => string;

/** The translated action; a code recorded by older code and unknown here shows as recorded. */
export function auditActionLabel(t: T, action: string): string {
  const key = Object.hasOwn(AUDIT_ACTION_KEYS, action) ? AUDIT_ACTION_KEYS[action] : undefined;
  return key ? t(key) : action;
}

/** The translated entity; an unknown code shows as recorded. */
export function auditEntityLabel(t: T, entity: string): string {
  return AUDIT_ENTITIES.has(entity) ? t(`audit.entities.${entity}`) : entity;
}
