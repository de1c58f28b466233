// The Settings form's Conform state: the saved values, checked on blur and again on input once shown.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { settingsFormSchema, type SettingsReply, type SiteSettingsInput } from "../settings-admin.schema.ts";

/** The form "site-settings" with the page's values and the last reply's result. */
export function useSettingsForm(values: SiteSettingsInput & { version: string }, lastResult: SettingsReply["result"]) {
  return useForm({
    id: "site-settings",
    lastResult,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema }),
  });
}

export type SettingsFields = ReturnType<typeof useSettingsForm>[1];
