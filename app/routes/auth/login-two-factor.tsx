// /login/two-factor — the second step of a staff sign-in (issue 14 point 12): a code from the
// authenticator app, or a recovery code (?method=recovery), and "trust this device for 30 days".
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import {AuthCard } from "~/features/auth/components/auth-card.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { SecondStepForm } from "~/features/auth/components/second-step-form.tsx";
import { afterSignIn } from "~/features/auth/after-sign-in.server.ts";
import type { AuthReply } from "~/features/auth/auth-reply.ts";
import { errorReply, invalidReply, privateHeaders, requestIp } from "~/features/auth/auth-reply.server.ts";
import { safeAdminPath, secondStepSchema, TWO_FACTOR_ERRORS } from "~/features/auth/auth.schema.ts";
import { hasWaitingSignIn, SecondStepExpired, verifySecondStep } from "~/features/auth/two-factor.server.ts";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";
import { metaOf } from "~/lib/seo.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/login-two-factor";

/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return data;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = safeAdminPath(url.searchParams.get("from")) ?? "";
  const t = getInstance(context).t;
  return {
    title: t("auth.twoFactor.step.metaTitle"),
    description: t("auth.twoFactor.step.intro"),
    method: url.searchParams.get("method") === "recovery" ? ("recovery" as const) : ("totp" as const),
    from,
    // Nothing waits for a second step in this browser (never signed in, or the 10 minutes passed): the
    // page says so and links to the password step (a redirect here would also hide an action's answer).
    waiting: hasWaitingSignIn(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: secondStepSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const { method, code, trustDevice, from } = submission.value;
  try {
    const result = await verifySecondStep(request, { method, code, trustDevice: Boolean(trustDevice) }, requestIp(context));
    if (result.status !== "signed-in") throw new Error("second step answered without a session");
    return redirect(await afterSignIn(request, context, result.user, from, result.headers), { headers: result.headers });
  } catch (err) {
    if (err instanceof SecondStepExpired) {
      return data<AuthReply>(
        { ok: false, result: submission.reply({ hideFields: ["code"] }), messageKey: err.messageKey, expired: true },
        { status: err.status, headers: err.headers },
      );
    }
    return errorReply(submission, err);
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => privateHeaders(actionHeaders);

export const meta: Route.MetaFunction = metaOf("/login/two-factor", { localized: false, noindex: true });

export default function SecondStepPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { method, from } = loaderData;
  const restart = from ? `/login?from=${encodeURIComponent(from)}` : "/login";
  if (actionData?.expired || !loaderData.waiting) {
    return (
      <AuthCard title={t("auth.twoFactor.step.heading")}>
        <Notice tone="error" as="div">{t(actionData?.messageKey ?? TWO_FACTOR_ERRORS.notWaiting)}</Notice>
        <Link to={restart} className="btn-primary mt-6 flex w-full">
          {t("auth.twoFactor.step.startOver")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t(method === "recovery" ? "auth.twoFactor.step.recoveryHeading" : "auth.twoFactor.step.heading")}
      intro={t(method === "recovery" ? "auth.twoFactor.step.recoveryIntro" : "auth.twoFactor.step.intro")}
    >
      <SecondStepForm key={method} method={method} from={from} reply={actionData} />
    </AuthCard>
  );
}
