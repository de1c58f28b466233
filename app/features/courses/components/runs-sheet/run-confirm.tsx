// Delete or cancel a run: the runs sheet's confirmation views (&runView=delete|cancel). The sentence says
// which run, by its start in Cairo time; a refusal (a run with requests cannot be deleted) stays above it.
import { useFreshFetcher, useOnSuccess, FormAlert } from "~/components/admin/form-kit.tsx";
import { DANGER_BUTTON } from "~/components/ui/confirm.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AdminRunRow } from "../../course-runs-admin.server.ts";
import type { CoursesReply } from "../../courses.schema.ts";
import { BackLink, type RunsSheetProps } from "./sheet-parts.tsx";

export function RunConfirm({
  run,
  kind,
  locale,
  href,
  action,
  initialReply,
  onDone,
}: RunsSheetProps & { run: AdminRunRow; kind: "delete" | "cancel"; onDone: () => void }) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<CoursesReply>(`run-${kind}`);
  const intent = kind === "delete" ? "deleteRun" : "setRunStatus";
  const reply = fetcher.data ?? (initialReply?.intent === intent ? initialReply : undefined);
  useOnSuccess(fetcher, () => {
    showToast("success", kind === "delete" ? t("runsAdmin.delete.done") : t("runsAdmin.statusDone.cancelled"));
    onDone();
  });
  const busy = fetcher.state !== "idle";
  const keys = kind === "delete" ? { title: "delete", keep: "delete.cancel" } : { title: "cancelConfirm", keep: "cancelConfirm.keep" };
  const date = `${formatRunMoment(run.startsAt, locale, "long")} (${t("runs.cairoTime")})`;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">{t(`runsAdmin.${keys.title}.title`)}</h3>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="runId" value={run.id} />
      {kind === "cancel" && <input type="hidden" name="status" value="cancelled" />}
      <FormAlert message={busy ? null : failureMessage(t, reply)} />
      <p className="text-slate-800">{t(`runsAdmin.${keys.title}.message`, { date })}</p>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <BackLink href={href()} label={t(`runsAdmin.${keys.keep}`)} />
        <button type="submit" disabled={busy} className={DANGER_BUTTON}>
          {busy ? t(`runsAdmin.${keys.title}.busy`) : t(`runsAdmin.${keys.title}.submit`)}
        </button>
      </div>
    </fetcher.Form>
  );
}
