// The Settings form's state: the kit's page form (app/components/admin/form-kit.tsx) with the saved
// values, checked on blur and again on input once shown.
import { usePageForm } from "~/components/admin/form-kit.tsx";
import { settingsFormSchema, type SettingsReply, type SiteSettingsInput } from "../settings-admin.schema.ts";

/** The form "site-settings" (its fetcher has the same key) with the page's values and the no-JS reply. */
export function useSettingsForm(values: SiteSettingsInput & { version: string }, actionData: SettingsReply | undefined) {
  return usePageForm({ id: "site-settings", schema: settingsFormSchema, defaultValue: values, initialReply: actionData });
}

export type SettingsFields = ReturnType<typeof useSettingsForm>["fields"];
