// /admin/settings — Site settings (D12; settings:edit): brand, contact details, notification address,
// social links, chat button and About key figures, bilingual where text, and Security (two-step sign-in
// required for every staff member, D28), in one form. The site reads them on its next request.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { SettingsPage } from "~/features/settings/components/settings-page.tsx";
import { SETTINGS_ERRORS, settingsFormSchema } from "~/features/settings/settings-admin.schema.ts";
import type { SettingsReply } from "~/features/settings/settings-reply.ts";
import { getSiteSettingsForm, saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/settings";

export const handle = { permission: "settings:edit" } satisfies { permission: Permission };

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "settings:edit" });
  const values = await getSiteSettingsForm(actor);
  return { values, title: getInstance(context).t("settings.metaTitle") };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export type { SettingsReply };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, { permission: "settings:edit" });
  const formData = await request.formData();
  if (formData.get("intent") !== "save") {
    return data<SettingsReply>({ ok: false, messageKey: SETTINGS_ERRORS.invalidRequest }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: settingsFormSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? SETTINGS_ERRORS.invalidRequest;
    return data<SettingsReply>({ ok: false, messageKey: first, result: submission.reply() }, { status: 400 });
  }
  const { intent: _intent, ...values } = submission.value;
  const outcome = await adminAction(() => saveSiteSettings(actor, values));
  if (!("ok" in outcome)) {
    const { messageKey, fields } = outcome.data;
    const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) : undefined;
    return data<SettingsReply>({ ok: false, messageKey, result: submission.reply({ fieldErrors }) }, outcome.init ?? undefined);
  }
  return data<SettingsReply>({ ok: true, result: submission.reply() });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function SettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage values={loaderData.values} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
