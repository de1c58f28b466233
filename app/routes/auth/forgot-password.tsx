import { parseWithZod } from "@conform-to/zod/v4";
import { useI18n } from "~/lib/use-i18n.ts";
import { data } from "react-router";
import { AuthCard } from "~/features/auth/components/auth-card.tsx";
import { ForgotPasswordForm } from "~/features/auth/components/forgot-password-form.tsx";
import type { AuthReply } from "~/features/auth/auth-reply.ts";
import { errorReply, invalidReply, privateHeaders, requestIp } from "~/features/auth/auth-reply.server.ts";
import { forgotPasswordSchema } from "~/features/auth/auth.schema.ts";
import { requestPasswordReset } from "~/features/auth/auth.server.ts";
import { isLocale } from "~/lib/i18n.ts";
import { metaOf } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import type { Route } from "./+types/forgot-password";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";

/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return data;
}

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { title: t("auth.forgot.metaTitle"), description: t("auth.forgot.metaDescription") };
}

/**
 * The same confirmation whether or not the email has an account, and beyond its email allowance too; only
 * a flood from one client address answers otherwise (429, which names no account).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const locale = getLocale(context);
  try {
    await requestPasswordReset(submission.value.email, isLocale(locale) ? locale : "en", requestIp(context));
  } catch (err) {
    return errorReply(submission, err);
  }
  return data<AuthReply>({ ok: true, result: submission.reply({ resetForm: true }), success: true });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => privateHeaders(actionHeaders);

export const meta: Route.MetaFunction = metaOf("/forgot-password", { localized: false, noindex: true });

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AuthCard title={t("auth.forgot.heading")} intro={actionData?.success ? undefined : t("auth.forgot.intro")}>
      <ForgotPasswordForm reply={actionData} />
    </AuthCard>
  );
}
