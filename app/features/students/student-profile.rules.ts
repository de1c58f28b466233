// The profile form's limits, without zod: the page imports these (it carries no validation code of its
// own; the server's schema is student-profile.schema.ts).
export const PROFILE_NAME_MAX = 120;
