// What an admin action form says beside its buttons (issue 35): "Updating…" as a status while it runs, and
// its failure as an alert once it answered; both inline, in the form's row.
import type { ReactNode } from "react";

export function ActionStatus({
  busy,
  busyLabel,
  failure,
  failureClassName = "",
}: {
  busy: boolean;
  busyLabel: string;
  /** The failure to show (nothing while none). */
  failure: ReactNode;
  /** Classes added to the failure (e.g. its width in a table cell). */
  failureClassName?: string;
}) {
  return (
    <>
      {busy && (
        <span role="status" className="text-sm text-slate-700">
          {busyLabel}
        </span>
      )}
      {failure && (
        <span role="alert" className={`text-sm text-red-800 ${failureClassName}`}>
          {failure}
        </span>
      )}
    </>
  );
}
