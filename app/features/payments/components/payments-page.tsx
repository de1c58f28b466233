// Admin › Payments (issue 37 items 4 and 7): the proofs of payment waiting for staff, oldest first, one card
// each (ProofCard). Deciding one reloads the page's data, so the card leaves the queue; a proof a colleague
// decided meanwhile answers with who got there first (409) in the card.
import { Inbox } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import type { QueuedProof } from "~/domain/payments/proofs.server.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { PaymentsReply } from "../payments.schema.ts";
import { ProofCard } from "./proof-card.tsx";

export function PaymentsPage({
  queue,
  mayVerify,
  actionData,
  locale,
}: {
  queue: { total: number; proofs: QueuedProof[] };
  mayVerify: boolean;
  actionData: PaymentsReply | undefined;
  locale: Locale;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  // Without JavaScript the page is rendered again after a post: the card it answered shows the reply.
  const noJsReply = hydrated ? undefined : actionData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("adminPayments.title")}</h1>
      <p className="mt-1 text-slate-700">
        {t("adminPayments.intro")}{" "}
        <Link to={ADMIN_PATH.paymentsList} className="text-teal-800 underline" data-all-payments="">
          {t("adminPayments.allPayments")}
        </Link>
      </p>
      <h2 className="mt-6 text-lg font-semibold text-slate-900" id="proof-queue">
        {t("adminPayments.queueTitle", { count: queue.total })}
      </h2>
      {queue.proofs.length === 0 ? (
        <EmptyState icon={Inbox} title={t("adminPayments.emptyTitle")} text={t("adminPayments.emptyText")} className="mt-4" />
      ) : (
        <ul aria-labelledby="proof-queue" className="mt-4 space-y-4">
          {queue.proofs.map((proof) => (
            <ProofCard key={proof.id} proof={proof} mayVerify={mayVerify} locale={locale} actionData={noJsReply} />
          ))}
        </ul>
      )}
      {queue.total > queue.proofs.length && (
        <p className="mt-4 text-sm text-slate-700">{t("adminPayments.more", { shown: queue.proofs.length, count: queue.total })}</p>
      )}
    </div>
  );
}
