// /{en|ar}/my — the student area (issue 38 items 1 and 2): signed out, "Email me a sign-in link" (the same
// answer whatever the address; limited per client address and per email); signed in, every request made
// with that email and "Sign out". Personal: never cached, never indexed. Works without JavaScript.
import { redirect } from "react-router";
import { MyRequests } from "~/features/students/components/my-requests.tsx";
import { MySignInForm } from "~/features/students/components/my-sign-in.tsx";
import { listMyRequests } from "~/features/students/my-requests.server.ts";
import { listMyMaterials } from "~/features/students/my-materials.server.ts";
import { pendingErasure, requestErasure } from "~/features/students/data-requests.server.ts";
import { isHoneypotFilled, studentSignInSchema } from "~/features/students/student-sign-in.schema.ts";
import { currentStudent, requestStudentLink, signOutStudent } from "~/features/students/student-sign-in.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { publicFormAction } from "~/lib/form-action.server.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import { PRIVATE_REFERRER_META, privatePageHeaders } from "~/lib/private-page.ts";
import { emailLimitKey, rateLimits } from "~/lib/rate-limit.server.ts";
import { metaOf } from "~/lib/seo.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/my";

const localeOf = (context: Route.LoaderArgs["context"]): Locale => {
  const locale = getLocale(context);
  return isLocale(locale) ? locale : "en";
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const locale = localeOf(context);
  const student = await currentStudent(request);
  return {
    title: t("my.metaTitle"),
    description: t("my.metaDescription"),
    sent: new URL(request.url).searchParams.get("sent") === "1",
    student: student
      ? {
          email: student.email,
          requests: await listMyRequests(student.email, locale, t),
          materials: await listMyMaterials(student.email),
          eraseAskedAt: (await pendingErasure(student.email))?.toISOString() ?? null,
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(context);
  const here = localePath(locale, "/my");
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "sign-out") throw redirect(here, { status: 303, headers: cookies(await signOutStudent(request)) });
  if (intent === "erase") {
    // "Delete my data" (issue 38 item 6): only for the signed-in student; staff confirm it.
    const student = await currentStudent(request);
    if (student) await requestErasure(student.email, locale);
    throw redirect(`${here}#my-data`, 303);
  }
  const reply = await publicFormAction({
    request,
    context,
    schema: studentSignInSchema,
    limiter: rateLimits.studentLink,
    valueLimit: { limiter: rateLimits.studentLinkEmail, key: (value) => emailLimitKey(value.email) },
    failureKey: "my.signIn.errors.failed",
    isBot: isHoneypotFilled,
    botReply: { sent: true as const },
    handle: (value, lang) => requestStudentLink(value, lang),
  });
  if (reply.data.success) throw redirect(`${here}?sent=1`, 303);
  return reply;
}

function cookies(list: string[]): Headers {
  const headers = new Headers();
  for (const cookie of list) headers.append("Set-Cookie", cookie);
  return headers;
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return { ...privatePageHeaders(), ...(retry ? { "Retry-After": retry } : {}) };
};

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = (args) => [...metaOf("/my", { noindex: true })(args), PRIVATE_REFERRER_META];

export default function MyRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const { student } = loaderData;
  return (
    <article className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-teal-950 sm:text-3xl">{t(student ? "my.requests.heading" : "my.signIn.heading")}</h1>
      {student ? (
        <MyRequests email={student.email} requests={student.requests} materials={student.materials} eraseAskedAt={student.eraseAskedAt} locale={matches[0].loaderData.locale} />
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t("my.signIn.intro")}</p>
          <MySignInForm sent={loaderData.sent} reply={actionData} />
        </>
      )}
    </article>
  );
}

