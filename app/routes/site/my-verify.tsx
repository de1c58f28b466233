// /{en|ar}/my/verify?token=… — where a sign-in link leads (issue 38 item 1). Opening it only shows a "Sign
// in" button (mail scanners and link previews open links too, and must not spend a single-use link); the
// button's post spends it: a session cookie and the student's requests, or, for a used or expired link,
// the sign-in form to ask for a new one. Never cached, never indexed; the token is not sent on as a referrer.
import { redirect } from "react-router";
import { MySignInForm } from "~/features/students/components/my-sign-in.tsx";
import { confirmStudentLink } from "~/features/students/student-sign-in.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { isLocale } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { PRIVATE_REFERRER_META, privatePageHeaders } from "~/lib/private-page.ts";
import { metaOf } from "~/lib/seo.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/my-verify";

const TOKEN = /^[A-Za-z0-9]{16,64}$/;

export function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { title: t("my.verify.heading"), description: t("my.metaDescription"), token: TOKEN.test(token) ? token : "", expired: !TOKEN.test(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const form = await request.formData();
  const token = form.get("token");
  const cookies = typeof token === "string" && TOKEN.test(token) ? await confirmStudentLink(token, request) : null;
  if (!cookies) return { expired: true };
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  throw redirect(localePath(isLocale(locale) ? locale : "en", "/my"), { status: 303, headers });
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = (args) => [...metaOf("/my/verify", { noindex: true })(args), PRIVATE_REFERRER_META];

export default function MyVerifyRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const expired = loaderData.expired || actionData?.expired === true;
  return (
    <article className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-teal-950 sm:text-3xl">{t("my.verify.heading")}</h1>
      {expired ? (
        <>
          <div className="mt-4" data-link-expired="">
            <Notice tone="error">{t("my.verify.expired")}</Notice>
          </div>
          <MySignInForm sent={false} reply={undefined} action={lp("/my")} />
        </>
      ) : (
        <form method="post" className="mt-6 space-y-4 rounded-xl border border-slate-200 p-4">
          <p className="text-slate-700">{t("my.verify.intro")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="btn-primary inline-flex w-full justify-center px-5 py-2.5 sm:w-auto">
            {t("my.verify.submit")}
          </button>
        </form>
      )}
    </article>
  );
}
