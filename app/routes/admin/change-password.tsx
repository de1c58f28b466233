import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, redirect } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { NewPasswordForm } from "~/features/auth/components/new-password-form.tsx";
import { errorReply, invalidReply, privateHeaders } from "~/features/auth/auth-reply.server.ts";
import { changePasswordSchema } from "~/features/auth/auth.schema.ts";
import { changeOwnPassword } from "~/features/auth/auth.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/change-password";

/** Any staff member, and only while their password is a generated one (D9); everyone else → /admin. */
export function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { allowPasswordChange: true });
  if (!actor.mustChangePassword) throw redirect(ADMIN_PATH.dashboard);
  return { title: getInstance(context).t("auth.change.metaTitle") };
}

/** The forced change: new password + confirmation (rules of SPEC §5), then /admin; other sessions end. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, { allowPasswordChange: true });
  if (!actor.mustChangePassword) throw redirect(ADMIN_PATH.dashboard);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    await changeOwnPassword(actor, request, submission.value);
  } catch (err) {
    return errorReply(submission, err);
  }
  return redirect(ADMIN_PATH.dashboard);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => privateHeaders(actionHeaders);

export const meta: Route.MetaFunction = adminMeta;

export default function ChangePasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t("auth.change.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("auth.change.intro")}</p>
      <div className="mt-6">
        <NewPasswordForm id="change-password" strong reply={actionData} />
      </div>
      <Form method="post" action="/logout" className="mt-6 border-t border-slate-200 pt-4">
        <button type="submit" className="text-sm font-medium text-teal-800 underline hover:text-teal-950">
          {t("auth.change.signOut")}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
