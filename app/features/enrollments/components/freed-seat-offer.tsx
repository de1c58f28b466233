// In the details of a request whose held seat expired unpaid (issue 37 item 2): the seat is free again,
// and the first on the run's waiting list is one tap away ("Give <name> a seat", an approval of the next
// in line, checked against the run's seats on the server). Works without JavaScript: the form posts the page.
import { isolateText } from "~/components/ui/bidi.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Wire } from "~/lib/wire.ts";
import type { EnrollmentsReply } from "../enrollments-admin.schema.ts";
import { runFullMessage, type DecisionRun } from "../run-decisions.schema.ts";
import { useDecisionFetcher } from "./decision-notice.tsx";

const GIVE_BUTTON =
  "inline-flex items-center rounded-lg bg-emerald-700 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-wait disabled:opacity-60";

export function FreedSeatOffer({ run, action, onDone }: { run: Wire<DecisionRun>; action: string; onDone?: (reply: EnrollmentsReply) => void }) {
  const { t } = useI18n();
  const { fetcher } = useDecisionFetcher(`enrollment-freed-${run.id}`, onDone);
  const busy = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" ? (runFullMessage(t, fetcher.data) ?? failureMessage(t, fetcher.data)) : null;
  if (!run.next || run.full) return null;
  return (
    <fetcher.Form method="post" action={action} data-freed-seat="" className="space-y-2">
      <Notice tone="info">{t("adminEnrollments.holds.seatFree", { name: isolateText(run.next.studentName) })}</Notice>
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="run" value={run.id} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <button type="submit" disabled={busy} className={GIVE_BUTTON}>
          {busy ? t("adminEnrollments.runDecisions.giving") : t("adminEnrollments.runDecisions.giveNext", { name: isolateText(run.next.studentName) })}
        </button>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-800">
          {failed}
        </p>
      )}
    </fetcher.Form>
  );
}
