// What an outbox email is about (its `ref`), so the change that made it can withdraw it while it waits.
/** The emails about one enrollment request: its decision and its run reminder. */
export function enrollmentRef(id: string): string {
  return `enrollment:${id}`;
}

/** The outbox `kind` of the reminder sent before a run starts (issue 20 point 4). */
export const RUN_REMINDER_KIND = "run-reminder";
