// The Roles & permissions page (D13, D18; admin only): the permission registry as a matrix for the manager
// role; admins always hold every permission. The route holds its loader and action.
import { Check } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/ui/toast.tsx";
import { PERMISSION_REGISTRY, type Permission, type Resource } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { RolesReply } from "../roles.schema.ts";

const RESOURCES = Object.keys(PERMISSION_REGISTRY) as Resource[];

export interface RolesPageProps {
  /** The manager role's granted keys, in registry order. */
  granted: Permission[];
  actionData: RolesReply | undefined;
}

export function RolesPage({ granted: grantedList, actionData }: RolesPageProps) {
  const { t } = useI18n();
  const fetcher = useFetcher<RolesReply>({ key: "roles-matrix" });
  const busy = fetcher.state !== "idle";
  const granted = new Set<string>(grantedList);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) showToast("success", t("roles.success"));
    else showToast("error", failureMessage(t, fetcher.data) ?? t("roles.errors.saveFailed", { msg: t("users.errors.unexpected") }));
  }, [fetcher.state, fetcher.data, t]);

  const managerLabel = t("admin.roles.instructor_course_manager");
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("roles.title")}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("roles.intro")}</p>

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

      <fetcher.Form method="post" className="mt-6" key={grantedList.join(",")}>
        <input type="hidden" name="intent" value="save" />
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">{t("roles.caption")}</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t("roles.permission")}
                </th>
                <th scope="col" className="px-4 py-3 text-center font-semibold">
                  {t("admin.roles.admin")}
                </th>
                <th scope="col" className="px-4 py-3 text-center font-semibold">
                  {managerLabel}
                </th>
              </tr>
            </thead>
            {RESOURCES.map((resource) => (
              <tbody key={resource} className="border-t border-slate-200">
                <tr className="bg-slate-50">
                  <th scope="colgroup" colSpan={3} className="px-4 py-2 text-start font-semibold text-slate-900">
                    {t(`permissions.resources.${resource}`)}
                  </th>
                </tr>
                {PERMISSION_REGISTRY[resource].map((action) => {
                  const key = `${resource}:${action}`;
                  const id = `perm-${resource}-${action}`;
                  return (
                    <tr key={key} className="border-t border-slate-100">
                      <th scope="row" className="px-4 py-2 ps-8 text-start font-normal text-slate-800">
                        {t(`permissions.actions.${action}`)}
                      </th>
                      <td className="px-4 py-2 text-center">
                        <Check aria-hidden="true" className="mx-auto h-5 w-5 text-teal-700" />
                        <span className="sr-only">{t("roles.alwaysGranted")}</span>
                      </td>
                      <td className="px-4 py-2 text-center">
                        <input
                          id={id}
                          type="checkbox"
                          name="permissions"
                          value={key}
                          defaultChecked={granted.has(key)}
                          aria-label={t("roles.checkbox", {
                            resource: t(`permissions.resources.${resource}`),
                            action: t(`permissions.actions.${action}`),
                            role: managerLabel,
                          })}
                          className="h-5 w-5 cursor-pointer accent-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </div>
        <div className="mt-6 flex justify-end">
          <button type="submit" disabled={busy} className="btn-primary inline-flex px-6 py-2.5 disabled:opacity-60">
            {busy ? t("roles.saving") : t("roles.save")}
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}
