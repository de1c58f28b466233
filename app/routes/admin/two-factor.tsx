// /admin/two-factor — a staff member's own two-step sign-in (issue 14 point 12): set it up with an
// authenticator app (QR code or key, then a first code), see and renew the recovery codes, turn it off.
// Reachable by every staff member, and the only admin page open while Settings require a second factor
// this account does not have yet.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { SecurityPage } from "~/features/auth/components/security-page.tsx";
import { SECURITY_SCHEMAS } from "~/features/auth/auth.schema.ts";
import { SECRET_FIELDS } from "~/features/auth/auth-reply.ts";
import type { SecurityIntent, SecurityReplyFields } from "~/features/auth/security-reply.ts";
import {
  confirmTwoFactorSetup,
  renewRecoveryCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStatus,
} from "~/features/auth/two-factor.server.ts";
import { getPublicSettings } from "~/features/settings/settings.server.ts";
import { adminAction, intent } from "~/lib/admin-action.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
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

// Every form sends a secret (password or code): none is ever sent back.
const secret = { form: true, hideFields: SECRET_FIELDS } as const;

export const action = adminAction<SecurityIntent, SecurityReplyFields>({
  guard: { allowSecuritySetup: true },
  invalidKey: "errors.invalidInput",
  intents: {
    start: intent({
      ...secret,
      schema: SECURITY_SCHEMAS.start,
      run: async ({ password }, { actor, request }) => {
        await startTwoFactorSetup(actor, request, password, await issuer());
        return {};
      },
    }),
    confirm: intent({
      ...secret,
      schema: SECURITY_SCHEMAS.confirm,
      run: async ({ code }, { actor, request, headers }) => {
        const confirmed = await confirmTwoFactorSetup(actor, request, code);
        confirmed.headers.forEach((value, key) => headers.append(key, value));
        return { recoveryCodes: confirmed.recoveryCodes };
      },
    }),
    "recovery-codes": intent({
      ...secret,
      schema: SECURITY_SCHEMAS["recovery-codes"],
      run: async ({ password }, { actor, request }) => ({ recoveryCodes: await renewRecoveryCodes(actor, request, password) }),
    }),
    "turn-off": intent({
      ...secret,
      schema: SECURITY_SCHEMAS["turn-off"],
      run: async ({ password }, { actor, request, headers }) => {
        (await turnOffTwoFactor(actor, request, password)).forEach((value, key) => headers.append(key, value));
        return {};
      },
    }),
  },
});

/** Recovery codes travel in the action's reply: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = adminMeta;

export default function TwoFactorRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityPage email={loaderData.email} status={loaderData.status} reply={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
