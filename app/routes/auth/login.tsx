import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Info } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { Link, redirect } from "react-router";
import {AuthCard } from "~/features/auth/components/auth-card.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { LoginForm } from "~/features/auth/components/login-form.tsx";
import { errorReply, invalidReply, privateHeaders, requestIp } from "~/features/auth/auth-reply.server.ts";
import { loginSchema, safeAdminPath } from "~/features/auth/auth.schema.ts";
import { signIn } from "~/features/auth/auth.server.ts";
import { afterSignIn, SECOND_STEP_PATH } from "~/features/auth/after-sign-in.server.ts";
import { isStaffRole } from "~/lib/permissions.ts";
import { metaOf } from "~/lib/seo.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/login";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";

/** D20: a signed-in admin or manager goes to /admin, any other role to / — unless `from` is present. */
/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return data;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  if (from === null) {
    const actor = await getActor(request);
    if (actor) throw redirect(isStaffRole(actor.role) ? ADMIN_PATH.dashboard : "/");
  }
  const t = getInstance(context).t;
  return {
    title: t("auth.login.metaTitle"),
    description: t("auth.login.metaDescription"),
    from: safeAdminPath(from) ?? "",
    reset: url.searchParams.get("reset") === "1",
  };
}

/**
 * Sign In: admin and manager → `from` (a same-site /admin path) or /admin, or the forced password change
 * first (D9); any other role → /. The new session's cookie travels on the redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    const result = await signIn(request, submission.value, requestIp(context));
    if (result.status === "second-step") {
      // The password was right; the session begins after the code (the waiting sign-in's cookie travels).
      const from = safeAdminPath(submission.value.from);
      return redirect(`${SECOND_STEP_PATH}${from ? `?from=${encodeURIComponent(from)}` : ""}`, { headers: result.headers });
    }
    return redirect(await afterSignIn(request, context, result.user, submission.value.from, result.headers), { headers: result.headers });
  } catch (err) {
    return errorReply(submission, err);
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => privateHeaders(actionHeaders);

export const meta: Route.MetaFunction = metaOf("/login", { localized: false, noindex: true });

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <AuthCard title={t("auth.login.heading")} intro={t("auth.login.intro")}>
      {loaderData.reset && !actionData && (
        <div className="mb-4">
          <Notice tone="success" as="div">{t("auth.login.resetSuccess")}</Notice>
        </div>
      )}
      <LoginForm reply={actionData} from={loaderData.from} />
      <aside aria-labelledby="admin-access-title" className="mt-6 flex gap-3 rounded-lg bg-teal-50 p-4 text-sm text-teal-950">
        <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-teal-800" />
        <div>
          <h2 id="admin-access-title" className="font-semibold">
            {t("auth.login.adminAccessTitle")}
          </h2>
          <p className="mt-1">{t("auth.login.adminAccessText")}</p>
        </div>
      </aside>
      <Link to={lp("/")} className="mt-6 inline-block text-sm font-medium text-teal-800 underline hover:text-teal-950">
        {t("auth.backHome")}
      </Link>
    </AuthCard>
  );
}
