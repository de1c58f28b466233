import { parseWithZod } from "@conform-to/zod/v4";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link, redirect } from "react-router";
import {AuthCard } from "~/features/auth/components/auth-card.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { NewPasswordForm } from "~/features/auth/components/new-password-form.tsx";
import { errorReply, invalidReply, privateHeaders, requestIp } from "~/features/auth/auth-reply.server.ts";
import { AUTH_ERRORS, resetPasswordSchema } from "~/features/auth/auth.schema.ts";
import { isResetTokenValid, resetPassword } from "~/features/auth/auth.server.ts";
import { metaOf } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/reset-password";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";

/** The link from the email: /reset-password?token=…; a missing, used, expired or replaced token → the invalid view. */
/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return data;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isResetTokenValid(token);
  const t = getInstance(context).t;
  return {
    title: t("auth.reset.metaTitle"),
    description: t("auth.reset.metaDescription"),
    valid,
    token: valid ? token! : "",
  };
}

/** Success → /login with the SPEC alert; every session of the user has ended. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const token = submission.value.token ?? new URL(request.url).searchParams.get("token");
  try {
    await resetPassword(token, submission.value.newPassword, requestIp(context));
  } catch (err) {
    return errorReply(submission, err);
  }
  return redirect("/login?reset=1");
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => privateHeaders(actionHeaders);

export const meta: Route.MetaFunction = metaOf("/reset-password", { localized: false, noindex: true });

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const invalid = !loaderData.valid || actionData?.messageKey === AUTH_ERRORS.invalidResetLink;
  // Too many refused links from this address (429): say so rather than "invalid link" once more.
  const limited = actionData?.messageKey === AUTH_ERRORS.tooManyResetRequests;
  if (invalid) {
    return (
      <AuthCard title={t("auth.reset.heading")}>
        <Notice tone="error" as="div">{t(limited ? AUTH_ERRORS.tooManyResetRequests : AUTH_ERRORS.invalidResetLink)}</Notice>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Link to="/forgot-password" className="btn-primary inline-flex">
            {t("auth.reset.requestNew")}
          </Link>
          <Link to="/login" className="text-sm font-medium text-teal-800 underline hover:text-teal-950">
            {t("auth.backToLogin")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth.reset.heading")} intro={t("auth.reset.intro")}>
      <NewPasswordForm id="reset-password" strong={false} reply={actionData} token={loaderData.token} />
    </AuthCard>
  );
}
