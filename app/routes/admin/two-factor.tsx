// /admin/two-factor — a staff member's own two-step sign-in (issue 14 point 12): set it up with an
// authenticator app (QR code or key, then a first code), see and renew the recovery codes, turn it off.
// Reachable by every staff member, and the only admin page open while Settings require a second factor
// this account does not have yet.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { SecurityPage } from "~/features/auth/components/security-page.tsx";
import { securitySchema } from "~/features/auth/auth.schema.ts";
import { SECRET_FIELDS } from "~/features/auth/auth-reply.ts";
import type { SecurityReply } from "~/features/auth/security-reply.ts";
import {
  confirmTwoFactorSetup,
  renewRecoveryCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStatus,
} from "~/features/auth/two-factor.server.ts";
import { getPublicSettings } from "~/features/settings/settings.server.ts";
import { isAppError } from "~/lib/errors.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/two-factor";

/** The name authenticator apps show beside the account: the brand, in Latin letters where there are some. */
async function issuer(): Promise<string> {
  const brand = (await getPublicSettings()).brand.name;
  return brand.en?.trim() || brand.ar?.trim() || "Course Academy";
}

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { allowSecuritySetup: true });
  return {
    title: getInstance(context).t("auth.twoFactor.security.metaTitle"),
    email: actor.email,
    status: await twoFactorStatus(actor, await issuer()),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, { allowSecuritySetup: true });
  const submission = parseWithZod(await request.formData(), { schema: securitySchema });
  const hideFields = SECRET_FIELDS;
  if (submission.status !== "success") {
    return data<SecurityReply>({ intent: null, ok: false, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "start":
        await startTwoFactorSetup(actor, request, value.password, await issuer());
        return data<SecurityReply>({ intent: value.intent, ok: true, result: submission.reply({ resetForm: true, hideFields }) });
      case "confirm": {
        const { headers, recoveryCodes } = await confirmTwoFactorSetup(actor, request, value.code);
        return data<SecurityReply>({ intent: value.intent, ok: true, recoveryCodes }, { headers });
      }
      case "recovery-codes": {
        const recoveryCodes = await renewRecoveryCodes(actor, request, value.password);
        return data<SecurityReply>({ intent: value.intent, ok: true, recoveryCodes });
      }
      case "turn-off": {
        const headers = await turnOffTwoFactor(actor, request, value.password);
        return data<SecurityReply>({ intent: value.intent, ok: true }, { headers });
      }
    }
  } catch (err) {
    if (!isAppError(err)) throw err;
    const fieldErrors = err.fields ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, [v]])) : undefined;
    return data<SecurityReply>(
      { intent: value.intent, ok: false, result: submission.reply({ fieldErrors, hideFields }), formError: err.fields ? undefined : err.messageKey },
      { status: err.status },
    );
  }
}

/** Recovery codes travel in the action's reply: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  return [
    { title: loaderData ? `${loaderData.title} - ${root?.brand ?? ""}` : "" },
    { name: "robots", content: "noindex" },
  ];
};

export default function TwoFactorRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityPage email={loaderData.email} status={loaderData.status} reply={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
