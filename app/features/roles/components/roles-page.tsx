// The Roles & permissions page (D13, D18; admin only): the permission registry as a matrix for the manager
// role (roles-matrix.tsx, with the dependencies of ADR 014); admins always hold every permission. The route
// holds its loader and action.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Notice } from "~/components/ui/notice.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { Permission } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { usePageLocale } from "~/lib/use-locale-path.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { RolesReply } from "../roles.schema.ts";
import { RolesMatrixForm } from "./roles-matrix.tsx";

export interface RolesPageProps {
  /** The manager role's granted keys, in registry order. */
  granted: Permission[];
  /** The version of those keys (app/lib/edit-version.ts). */
  version: string;
  actionData: RolesReply | undefined;
}

export function RolesPage({ granted: grantedList, version, actionData }: RolesPageProps) {
  const { t } = useI18n();
  const locale = usePageLocale();
  const fetcher = useFetcher<RolesReply>({ key: "roles-matrix" });
  // The boxes start again from what is stored only after this page's own save (each new successful reply):
  // a list a colleague saved meanwhile, loaded by a revalidation, must not replace what is ticked here
  // (issue 35 item 6).
  const saved = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : null;
  const [lastSaved, setLastSaved] = useState(saved);
  const [saves, setSaves] = useState(0);
  if (saved && saved !== lastSaved) {
    setLastSaved(saved);
    setSaves(saves + 1);
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) showToast("success", t("roles.success"));
    else showToast("error", failureMessage(t, fetcher.data, locale) ?? t("roles.errors.saveFailed", { msg: t("users.errors.unexpected") }));
  }, [fetcher.state, fetcher.data, t, locale]);

  // A colleague's newer save stays on screen (who, when, what to do), not only in a toast that fades.
  const conflict = fetcher.data && !fetcher.data.ok && fetcher.data.conflict ? failureMessage(t, fetcher.data, locale) : null;
  // Without JavaScript a refused save comes back as this page: the boxes as ticked, at the version sent.
  const kept = !fetcher.data && actionData && !actionData.ok && actionData.conflict ? actionData : undefined;

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("roles.title")}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("roles.intro")}</p>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t("roles.dependencies")}</p>

      {/* Shown after a post without JavaScript; with it, a toast says the same. */}
      {!fetcher.data && actionData && (
        <Notice tone={actionData.ok ? "success" : "error"} className="mt-6">
          {actionData.ok ? t("roles.success") : failureMessage(t, actionData, locale)}
        </Notice>
      )}
      {conflict && <Notice tone="error" className="mt-6">{conflict}</Notice>}

      <RolesMatrixForm
        key={saves}
        fetcher={fetcher}
        granted={kept?.ticked ?? grantedList}
        version={kept?.sentVersion ?? version}
      />
    </div>
  );
}
