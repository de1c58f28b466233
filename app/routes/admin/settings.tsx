// /admin/settings — Site settings (D12; settings:edit): brand, contact details, notification address,
// social links, chat button and About key figures, bilingual where text, and Security (two-step sign-in
// required for every staff member, D28), in one form. The site reads them on its next request.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { SettingsPage } from "~/features/settings/components/settings-page.tsx";
import { SETTINGS_ERRORS, settingsFormSchema, type SettingsReply } from "~/features/settings/settings-admin.schema.ts";
import { getSiteSettingsForm, saveSiteSettings } from "~/features/settings/settings-admin.server.ts";
import { adminAction, intent } from "~/lib/admin-action.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "settings:edit" });
  const values = await getSiteSettingsForm(actor);
  return { values, title: getInstance(context).t("settings.metaTitle") };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export type { SettingsReply };

// One intent: save the whole form, which keeps what was typed after a save (the page holds the same); the
// answer gives the new version the form then carries.
export const action = adminAction<"save", { version: string }>({
  guard: { permission: "settings:edit" },
  invalidKey: SETTINGS_ERRORS.invalidRequest,
  intents: {
    save: intent({
      schema: settingsFormSchema,
      form: true,
      reset: false,
      run: async ({ intent: _intent, ...values }, { actor }) => ({ version: (await saveSiteSettings(actor, values)).version }),
    }),
  },
});

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function SettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage values={loaderData.values} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
