// The outcome of an approve or reject, with Undo (issue 17 point 3): the decision's email waits in the
// outbox for the undo window, and Undo posts the page's "undo" intent, which sets the rows back to pending
// and withdraws the email if it has not left. With JavaScript the notice floats at the bottom of the
// screen until the window has passed (`showDecision`, called wherever a decision is made: a row, the
// details, the bulk bar, a confirmation); without, it is the page's own notice after the post, with the
// same button in a plain form. A decision about a run's waiting list is undone back onto the list (`from`).
// When a change freed a seat in a run with a waiting list (issue 20: a request moved back to pending, an
// approval undone), the notice says so and offers "Give <name> a seat" to the first in line.
import { Undo2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { isolateText } from "~/components/ui/bidi.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { isDecisionIntent, type EnrollmentsReply } from "../enrollments-admin.schema.ts";
import { runFullMessage, runSuccessMessage, type FreedSeat, type RunDecisionReply } from "../run-decisions.schema.ts";

type Undoable = RunDecisionReply & { ids: string[]; undoSeconds: number };

/** The first run of a reply with a free seat and someone waiting for it. */
function nextInLine(reply: RunDecisionReply | null | undefined): (FreedSeat & { next: NonNullable<FreedSeat["next"]> }) | null {
  const freed = reply?.ok ? reply.freed?.find((f) => f.next && (f.seatsLeft === null || f.seatsLeft > 0)) : undefined;
  return freed?.next ? (freed as FreedSeat & { next: NonNullable<FreedSeat["next"]> }) : null;
}

/** A reply that can still be undone: a decision that changed rows, with its window. */
export function undoable(reply: EnrollmentsReply | null | undefined): reply is Undoable {
  return Boolean(reply?.ok && isDecisionIntent(reply.intent) && reply.ids?.length && reply.undoSeconds);
}

/** The latest decision on screen (a new one replaces it); `serial` tells one decision's notice from the next. */
interface Decided {
  reply: RunDecisionReply;
  serial: number;
}
let shown: Decided | null = null;
let serial = 0;
const listeners = new Set<(decided: Decided | null) => void>();

function setShown(next: Decided | null): void {
  shown = next;
  for (const listener of listeners) listener(shown);
}

type T = Parameters<typeof runSuccessMessage>[0];

/**
 * Shows the outcome of a successful post: a decision's notice with Undo, a freed seat's notice with
 * "Give a seat", or a toast for anything else.
 */
export function showDecision(t: T, reply: RunDecisionReply): void {
  if (undoable(reply) || nextInLine(reply)) setShown({ reply, serial: ++serial });
  else showToast("success", runSuccessMessage(t, reply));
}

/**
 * The fetcher of one request's decision form (its row, or its details). A success is shown (showDecision)
 * and handed to `onDone` once, as soon as the action has answered, while the page reloads its data: in a
 * list filtered to pending requests the row (and this form) is gone once the reload lands, and its Undo with
 * it. A refusal (decided meanwhile, a full run) does not reload the page by itself: it is reloaded, so the
 * row or the details show the request and its run as they are now.
 */
export function useDecisionFetcher(prefix: string, onDone?: (reply: EnrollmentsReply) => void) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<RunDecisionReply>(prefix);
  const reported = useRef<RunDecisionReply | null>(null);
  const reply = fetcher.data;
  useEffect(() => {
    if (!reply?.ok || reported.current === reply) return;
    reported.current = reply;
    showDecision(t, reply);
    onDone?.(reply);
  }, [reply, t, onDone]);
  const { revalidate } = useRevalidator();
  const refused = fetcher.state === "idle" && reply && !reply.ok ? reply : undefined;
  useEffect(() => {
    if (refused) void revalidate();
  }, [refused, revalidate]);
  return { fetcher, refused };
}

const UNDO_BUTTON =
  "inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-emerald-800 bg-white px-3 py-1.5 text-sm font-semibold text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:opacity-60";

/** The Undo form's hidden fields: the rows the decision changed, the status they were given, and where from. */
function UndoFields({ reply }: { reply: RunDecisionReply & { ids: string[] } }) {
  return (
    <>
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="status" value={reply.status} />
      {reply.from === "waiting" && <input type="hidden" name="from" value="waiting" />}
      {reply.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
    </>
  );
}

/** Without JavaScript: the page's notice after a decision, with Undo as a form that posts the page. */
export function StaticDecisionNotice({ reply, action }: { reply: RunDecisionReply & { ids: string[] }; action: string }) {
  const { t } = useI18n();
  return (
    <form
      method="post"
      action={action}
      className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3"
    >
      <p role="status" className="min-w-0 flex-1 text-sm text-emerald-950">
        {runSuccessMessage(t, reply)}
      </p>
      <UndoFields reply={reply} />
      <button type="submit" className={UNDO_BUTTON}>
        <Undo2 aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        {t("adminEnrollments.undo.button")}
      </button>
    </form>
  );
}

/**
 * With JavaScript: the decision's notice at the bottom of the screen, with Undo while the window lasts
 * (then it goes). A refused undo (the email already left) stays, with its reason, until dismissed. The
 * live region stays in the page, so each new notice is announced; `serial` makes each decision's card
 * (and its Undo request) a fresh one.
 */
export function FloatingDecisionNotice({ action }: { action: string }) {
  const [decided, setDecided] = useState<Decided | null>(shown);
  useEffect(() => {
    listeners.add(setDecided);
    return () => {
      listeners.delete(setDecided);
      // Leaving the page ends the offer: the notice does not follow to another page.
      if (listeners.size === 0) shown = null;
    };
  }, []);
  const onClose = () => setShown(null);
  return (
    <div role="status" aria-live="polite" data-toast-above="" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {decided && <DecisionCard key={decided.serial} reply={decided.reply} action={action} onClose={onClose} />}
    </div>
  );
}

function DecisionCard({
  reply,
  action,
  onClose,
}: {
  reply: RunDecisionReply;
  action: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<RunDecisionReply>("enrollment-undo");
  const seatFetcher = useFreshFetcher<RunDecisionReply>("enrollment-give-seat");
  const busy = fetcher.state !== "idle" || seatFetcher.state !== "idle";
  const failure = busy ? null : (failureMessage(t, fetcher.data) ?? runFullMessage(t, seatFetcher.data) ?? failureMessage(t, seatFetcher.data));
  const canUndo = undoable(reply);
  const next = nextInLine(reply);
  // Undone, or a seat given: this notice goes and the outcome is shown (a toast, or a new notice: an
  // undone approval may free a seat, a seat given can be undone).
  const replace = (done: RunDecisionReply) => {
    onClose();
    showDecision(t, done);
  };
  useOnSuccess(fetcher, replace);
  useOnSuccess(seatFetcher, replace);
  // The window ends: the email is on its way and Undo no longer offered (a refusal stays to be read; a
  // freed seat's offer stays until dismissed).
  useEffect(() => {
    if (busy || failure || !canUndo || next) return;
    const timer = setTimeout(onClose, (reply.undoSeconds ?? 0) * 1000);
    return () => clearTimeout(timer);
  }, [busy, failure, canUndo, next, onClose, reply.undoSeconds]);

  return (
    <div
      data-decision-notice=""
      data-focus-after-action=""
      tabIndex={-1}
      // While it shows, the page gets room at its end (as much as a notice with a second row of buttons
      // takes), so the last request's buttons can be scrolled above it instead of staying under it.
      className={`[body:has(&)]:pb-44 pointer-events-auto flex w-full max-w-xl flex-wrap items-center gap-3 rounded-xl border p-4 shadow-lg ${
        failure ? "border-red-200 bg-red-50" : "border-emerald-200 bg-emerald-50"
      }`}
    >
      <p className="min-w-0 flex-1 text-sm text-emerald-950">{runSuccessMessage(t, reply)}</p>
      {failure && (
        <p role="alert" className="basis-full text-sm text-red-800">
          {failure}
        </p>
      )}
      {canUndo && !failure && (
        <fetcher.Form method="post" action={action}>
          <UndoFields reply={reply} />
          <button type="submit" disabled={busy} className={UNDO_BUTTON}>
            <Undo2 aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
            {fetcher.state !== "idle" ? t("adminEnrollments.undo.undoing") : t("adminEnrollments.undo.button")}
          </button>
        </fetcher.Form>
      )}
      {next && !canUndo && (
        // On a phone the button (it names the student) takes a row of its own under the message.
        <seatFetcher.Form method="post" action={action} className="order-last basis-full sm:order-none sm:basis-auto">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={next.next.id} />
          <button type="submit" disabled={busy} className={UNDO_BUTTON}>
            {seatFetcher.state !== "idle" ? t("adminEnrollments.runDecisions.giving") : t("adminEnrollments.runDecisions.giveNext", { name: isolateText(next.next.studentName) })}
          </button>
        </seatFetcher.Form>
      )}
      <button
        type="button"
        onClick={onClose}
        className="rounded p-1 text-slate-700 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
        aria-label={t("adminEnrollments.undo.dismiss")}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
