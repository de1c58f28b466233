// The permission matrix of Roles & permissions (D13, D18; ADR 014): one row per registry permission, the
// admin column always granted, the manager column a checkbox. With JavaScript the boxes follow the
// registry's dependencies: ticking a box ticks what it needs (View of its area), unticking View unticks
// what needs it, and a polite status line says which boxes changed. Without JavaScript the boxes are plain
// and the server refuses a list that misses a dependency, naming it.
import { Check } from "lucide-react";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import {
  PERMISSION_REGISTRY,
  withDependencies,
  withoutDependents,
  type Permission,
  type Resource,
} from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { RolesReply } from "../roles.schema.ts";

const RESOURCES = Object.keys(PERMISSION_REGISTRY) as Resource[];

/** The boxes the last click changed besides its own, for the status line. */
type Followed = { kind: "checked" | "unchecked"; permissions: Permission[] } | null;

export function RolesMatrixForm({ fetcher, granted }: { fetcher: FetcherWithComponents<RolesReply>; granted: Permission[] }) {
  const { t, i18n } = useI18n();
  const busy = fetcher.state !== "idle";
  const [checked, setChecked] = useState<ReadonlySet<Permission>>(() => new Set(granted));
  const [followed, setFollowed] = useState<Followed>(null);
  const managerLabel = t("admin.roles.instructor_course_manager");
  const label = (p: Permission) => {
    const [resource, action] = p.split(":");
    return `${t(`permissions.resources.${resource}`)}: ${t(`permissions.actions.${action}`)}`;
  };

  const toggle = (permission: Permission, on: boolean) => {
    const next = new Set(on ? withDependencies([...checked, permission]) : withoutDependents(checked, permission));
    const others = on ? [...next].filter((p) => !checked.has(p)) : [...checked].filter((p) => !next.has(p));
    const changed = others.filter((p) => p !== permission);
    setChecked(next);
    setFollowed(changed.length ? { kind: on ? "checked" : "unchecked", permissions: changed } : null);
  };

  const list = followed ? new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(followed.permissions.map(label)) : "";
  return (
    <fetcher.Form method="post" className="mt-6">
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
                const key = `${resource}:${action}` as Permission;
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
                        checked={checked.has(key)}
                        onChange={(e) => toggle(key, e.currentTarget.checked)}
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
      <div className="mt-6 flex flex-wrap items-center justify-end gap-4">
        <p role="status" className="me-auto text-sm text-slate-700">
          {followed ? t(followed.kind === "checked" ? "roles.alsoChecked" : "roles.alsoUnchecked", { list }) : ""}
        </p>
        <button type="submit" disabled={busy} className="btn-primary inline-flex px-6 py-2.5 disabled:opacity-60">
          {busy ? t("roles.saving") : t("roles.save")}
        </button>
      </div>
    </fetcher.Form>
  );
}
