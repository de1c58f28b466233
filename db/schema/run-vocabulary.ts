// Course runs' words (issue 20), one list for the table's checks (catalog.ts) and the app. No imports:
// the browser reads it too.
/** How a run is taught. */
export const RUN_MODES = ["live_online", "self_paced", "on_site"] as const;
/** Open runs take requests; closed ones take no more; cancelled ones are called off. */
export const RUN_STATUSES = ["open", "closed", "cancelled"] as const;
/** How often a run's sessions repeat (CourseInstance courseSchedule.repeatFrequency). */
export const RUN_REPEAT_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
/**
 * An enrollment request's states; "waiting" is the waiting list of a full run; "expired" an approved,
 * priced request whose held seat was not paid by its deadline (issue 37 item 2); "withdrawn" one its student
 * took back before paying anything (issue 38 item 2).
 */
export const ENROLLMENT_STATUSES = ["pending", "approved", "rejected", "waiting", "expired", "withdrawn"] as const;
