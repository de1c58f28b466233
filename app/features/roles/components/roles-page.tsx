// The Roles & permissions page (D13, D18; admin only): the permission registry as a matrix for the manager
// role (roles-matrix.tsx, with the dependencies of ADR 014); admins always hold every permission. The route
// holds its loader and action.
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/ui/toast.tsx";
import type { Permission } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { RolesReply } from "../roles.schema.ts";
import { RolesMatrixForm } from "./roles-matrix.tsx";

export interface RolesPageProps {
  /** The manager role's granted keys, in registry order. */
  granted: Permission[];
  actionData: RolesReply | undefined;
}

export function RolesPage({ granted: grantedList, actionData }: RolesPageProps) {
  const { t } = useI18n();
  const fetcher = useFetcher<RolesReply>({ key: "roles-matrix" });

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) showToast("success", t("roles.success"));
    else showToast("error", failureMessage(t, fetcher.data) ?? t("roles.errors.saveFailed", { msg: t("users.errors.unexpected") }));
  }, [fetcher.state, fetcher.data, t]);

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("roles.title")}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("roles.intro")}</p>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t("roles.dependencies")}</p>

      {/* Shown after a post without JavaScript; with it, a toast says the same. */}
      {!fetcher.data && actionData && (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 rounded-lg border p-3 text-sm ${
            actionData.ok ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-800"
          }`}
        >
          {actionData.ok
            ? t("roles.success")
            : failureMessage(t, actionData)}
        </p>
      )}

      {/* A new key after a save starts the boxes again from what was stored. */}
      <RolesMatrixForm key={grantedList.join(",")} fetcher={fetcher} granted={grantedList} />
    </div>
  );
}
