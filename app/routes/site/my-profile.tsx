// /{en|ar}/my/profile — the student's profile (issue 38 item 5): names for the certificate in English and
// Arabic, phone, the language of our emails, reminders on or off. Only for a signed-in student: anyone else
// sees the student area's "Email me a sign-in link" (posting to /my), and a post without the session is sent
// there; saving answers with a redirect back here (?saved=1), so a reload never posts twice. Personal: never cached, never indexed. Works without JavaScript.
import { redirect } from "react-router";
import { MyProfileForm } from "~/features/students/components/my-profile-form.tsx";
import { MySignInForm } from "~/features/students/components/my-sign-in.tsx";
import { studentProfileSchema } from "~/features/students/student-profile.schema.ts";
import { getStudentProfile, saveStudentProfile } from "~/features/students/student-profile.server.ts";
import { currentStudent } from "~/features/students/student-sign-in.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { publicFormAction } from "~/lib/form-action.server.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import { PRIVATE_REFERRER_META, privatePageHeaders } from "~/lib/private-page.ts";
import { rateLimits } from "~/lib/rate-limit.server.ts";
import { metaOf } from "~/lib/seo.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/my-profile";

const localeOf = (context: Route.LoaderArgs["context"]): Locale => {
  const locale = getLocale(context);
  return isLocale(locale) ? locale : "en";
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const student = await currentStudent(request);
  const t = getInstance(context).t;
  return {
    title: t("my.profile.heading"),
    description: t("my.profile.intro"),
    profile: student ? await getStudentProfile(student.email, locale) : null,
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(context);
  const student = await currentStudent(request);
  if (!student) throw redirect(localePath(locale, "/my"), 303);
  const reply = await publicFormAction({
    request,
    context,
    schema: studentProfileSchema,
    limiter: rateLimits.studentProfile,
    failureKey: "my.profile.errors.failed",
    isBot: () => false,
    botReply: { saved: true as const },
    handle: async ({ intent: _intent, ...values }) => {
      await saveStudentProfile(student.email, values);
      return { saved: true as const };
    },
  });
  if (reply.data.success) throw redirect(`${localePath(locale, "/my/profile")}?saved=1`, 303);
  return reply;
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return { ...privatePageHeaders(), ...(retry ? { "Retry-After": retry } : {}) };
};

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = (args) => [...metaOf("/my/profile", { noindex: true })(args), PRIVATE_REFERRER_META];

export default function MyProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <article className="mx-auto max-w-2xl px-4 py-10">
      <a href={lp("/my")} className="text-sm text-teal-800 underline">
        {t("my.requests.heading")}
      </a>
      <h1 className="mt-2 text-2xl font-bold text-teal-950 sm:text-3xl">{t("my.profile.heading")}</h1>
      <p className="mt-2 text-slate-700">{t(loaderData.profile ? "my.profile.intro" : "my.signIn.intro")}</p>
      {loaderData.profile ? (
        <MyProfileForm profile={loaderData.profile} saved={loaderData.saved} reply={actionData} />
      ) : (
        <MySignInForm sent={false} reply={undefined} action={lp("/my")} />
      )}
    </article>
  );
}
