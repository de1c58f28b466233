// The permission matrix of Roles & permissions (D13, D18; ADR 014): one row per registry permission, the
// admin column always granted, the manager column a checkbox. With JavaScript the boxes follow the
// registry's dependencies: ticking a box ticks what it needs (View of its area), unticking View unticks
// what needs it, and a polite status line says which boxes changed. Without JavaScript the boxes are plain
// and the server refuses a list that misses a dependency, naming it. Under each label the matrix says what
// the box needs and, on a View, which ticked boxes need it; the table fits a phone and Save stays in view.
// Ticks not yet saved ask before the page is left (the kit's unsaved-changes guard), and the form carries
// the version its boxes started from, so a save over a colleague's newer one is refused (issue 35 item 6).
import { Check } from "lucide-react";
import { useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { UnsavedChangesGuard, useFormsDirty } from "~/components/ui/unsaved-changes.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import {
  PERMISSION_DEPENDENCIES,
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

/** The matrix, starting from `granted` at `version`; a new key (after a save) starts it again. */
export function RolesMatrixForm({
  fetcher,
  granted,
  version,
}: {
  fetcher: FetcherWithComponents<RolesReply>;
  granted: Permission[];
  version: string;
}) {
  const { t, i18n } = useI18n();
  const busy = fetcher.state !== "idle";
  const [checked, setChecked] = useState<ReadonlySet<Permission>>(() => new Set(granted));
  // The version of the boxes' starting point, not a newer one loaded since (whose ticks are not shown).
  const [openedAt] = useState(version);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const isDirty = useFormsDirty(formRef);
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
  const actionList = (actions: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(actions.map((a) => t(`permissions.actions.${a}`)));
  const cell = "px-2 py-2 sm:px-4";
  return (
    <fetcher.Form ref={formRef} method="post" className="mt-6">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={openedAt} />
      {/* Three columns that fit a phone: the labels wrap, the two role columns keep a fixed width. */}
      <div className="max-w-4xl rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">{t("roles.caption")}</caption>
          <colgroup>
            <col />
            <col className="w-16 sm:w-32" />
            <col className="w-24 sm:w-40" />
          </colgroup>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className={`${cell} py-3 text-start font-semibold`}>
                {t("roles.permission")}
              </th>
              <th scope="col" className={`${cell} py-3 text-center font-semibold break-words`}>
                {t("admin.roles.admin")}
              </th>
              <th scope="col" className={`${cell} py-3 text-center font-semibold break-words`}>
                {managerLabel}
              </th>
            </tr>
          </thead>
          {RESOURCES.map((resource) => (
            <tbody key={resource} className="border-t border-slate-200">
              <tr className="bg-slate-50">
                <th scope="colgroup" colSpan={3} className={`${cell} text-start font-semibold text-slate-900`}>
                  {t(`permissions.resources.${resource}`)}
                </th>
              </tr>
              {PERMISSION_REGISTRY[resource].map((action) => {
                const key = `${resource}:${action}` as Permission;
                const id = `perm-${resource}-${action}`;
                // What this box needs (ADR 014), and which ticked boxes need it: both shown under the label
                // and read with the box.
                const needs = PERMISSION_DEPENDENCIES[key];
                const neededBy = PERMISSION_REGISTRY[resource].filter(
                  (other) => checked.has(`${resource}:${other}` as Permission) && PERMISSION_DEPENDENCIES[`${resource}:${other}` as Permission].includes(key),
                );
                const needsId = needs.length ? `${id}-needs` : undefined;
                const neededById = neededBy.length ? `${id}-needed-by` : undefined;
                return (
                  <tr key={key} className="border-t border-slate-100">
                    <th scope="row" className={`${cell} ps-4 text-start font-normal text-slate-800 sm:ps-8`}>
                      <label htmlFor={id} className="cursor-pointer">
                        {t(`permissions.actions.${action}`)}
                      </label>
                      {needsId && (
                        <span id={needsId} className="block text-xs text-slate-600">
                          {t("roles.needs", { list: actionList(needs.map((p) => p.split(":")[1]!)) })}
                        </span>
                      )}
                      {neededById && (
                        <span id={neededById} className="mt-0.5 block text-xs font-medium text-teal-800">
                          {t("roles.neededBy", { list: actionList(neededBy) })}
                        </span>
                      )}
                    </th>
                    <td className={`${cell} text-center`}>
                      <Check aria-hidden="true" className="mx-auto h-5 w-5 text-teal-700" />
                      <span className="sr-only">{t("roles.alwaysGranted")}</span>
                    </td>
                    <td className={`${cell} text-center`}>
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
                        aria-describedby={[needsId, neededById].filter(Boolean).join(" ") || undefined}
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
      {/* Save stays in view while the long list scrolls. */}
      <div data-toast-above="" className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur sm:-mx-6 sm:px-6">
        <p role="status" className="me-auto min-w-0 flex-1 basis-48 text-sm text-slate-700">
          {followed ? t(followed.kind === "checked" ? "roles.alsoChecked" : "roles.alsoUnchecked", { list }) : ""}
        </p>
        <button type="submit" disabled={busy} className="btn-primary inline-flex px-6 py-2.5 disabled:opacity-60">
          {busy ? t("roles.saving") : t("roles.save")}
        </button>
      </div>
      {hydrated && <UnsavedChangesGuard isDirty={isDirty} />}
    </fetcher.Form>
  );
}
