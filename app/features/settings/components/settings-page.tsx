// The admin Settings page (D12): one form of every section, saved by a fetcher; the route holds its loader
// and action.
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Notice } from "~/components/ui/notice.tsx";
import { ErrorSummary } from "~/components/forms/error-summary.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { UnsavedChangesGuard, useFormsDirty } from "~/components/ui/unsaved-changes.tsx";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { usePageLocale } from "~/lib/use-locale-path.ts";
import { type SiteSettingsInput } from "../settings-admin.schema.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { SettingsReply } from "../settings-admin.schema.ts";
import { SettingsPublicGroups, SettingsSiteGroups } from "./settings-groups.tsx";
import { useSettingsForm } from "./use-settings-form.ts";

/**
 * The version a save names (issue 35 item 6): the page's when it opened, then each successful save's; after
 * a refused save, the one that save sent. A colleague's newer save, loaded since but not shown in the
 * fields, is never overwritten unseen: saving again is refused until the page is reloaded.
 */
function useSaveVersion(current: string, reply: SettingsReply | undefined): string {
  const [openedAt] = useState(current);
  const sent = reply && !reply.ok ? reply.result?.initialValue?.version : undefined;
  return reply?.ok ? (reply.version ?? openedAt) : typeof sent === "string" ? sent : openedAt;
}

/** The Settings form (D12): every section in one form, saved by a fetcher (a plain post without JS). */
export function SettingsPage({ values, actionData }: { values: SiteSettingsInput & { version: string }; actionData?: SettingsReply }) {
  const { t } = useI18n();
  const locale = usePageLocale();
  const { fetcher, data, form, fields, reply, busy } = useSettingsForm(values, actionData);

  // Typed changes not yet saved ask before the page is left; a successful save makes the form clean again.
  const hydrated = useHydrated();
  const formArea = useRef<HTMLFormElement>(null);
  const saved = fetcher.state === "idle" && data?.ok ? data : null;
  const isDirty = useFormsDirty(formArea, saved);

  const version = useSaveVersion(values.version, reply);

  useEffect(() => {
    if (fetcher.state !== "idle" || !data) return;
    if (data.ok) showToast("success", t("settings.success"));
    // A colleague saved first: no field is at fault, so the toast says who and when (as the notice does).
    else showToast("error", (data.conflict && failureMessage(t, data, locale)) || t("settings.errors.checkFields"));
  }, [fetcher.state, data, t, locale]);

  const formFailure = failureMessage(t, reply, locale);

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("settings.title")}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("settings.intro")}</p>

      {/* Shown after a post without JavaScript; with it, a toast says the same. A conflict says its own (below). */}
      {!data && actionData && !actionData.conflict && (
        <Notice tone={actionData.ok ? "success" : "error"} className="mt-6">{actionData.ok ? t("settings.success") : t("settings.errors.checkFields")}</Notice>
      )}
      {formFailure && <Notice tone="error" className="mt-6">{formFailure}</Notice>}

      <fetcher.Form ref={formArea} method="post" action={ADMIN_PATH.settings} {...getFormProps(form)} className="mt-6 space-y-6" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={version} />
        <ErrorSummary form={form} />

        <SettingsSiteGroups fields={fields} />

        <SettingsPublicGroups fields={fields} />

        <div className="flex justify-end">
          <button type="submit" disabled={busy} className="btn-primary inline-flex px-6 py-2.5 disabled:opacity-60">
            {busy ? t("settings.saving") : t("settings.save")}
          </button>
        </div>
      </fetcher.Form>
      {hydrated && <UnsavedChangesGuard isDirty={isDirty} />}
    </div>
  );
}
