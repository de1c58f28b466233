/**
 * The query parameter the enrollment dialog adds when it asks the enroll route for a course's runs, so the
 * route's clientLoader answers a failure to the dialog instead of its error boundary (app/routes/site/enroll.tsx).
 */
export const DIALOG_REQUEST = "dialog";
