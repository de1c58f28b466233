// /instructor-login (SPEC §2, §4, §8; D7): email + one-time password. A valid session goes straight to
// /instructor-dashboard. Sign-in sets the HTTP-only session cookie and redirects there; refusals come
// back as translated messages ('Invalid email or password.', the expired message only after a correct
// password, rate limit 429). Works as a plain form post without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { data, Link, redirect } from "react-router";
import { LanguageSwitcher } from "~/components/layout/language-switcher.tsx";
import { errorReply, invalidReply, privateHeaders, requestIp } from "~/features/auth/auth-reply.server.ts";
import { AuthCard } from "~/features/auth/components/auth-card.tsx";
import { instructorLoginSchema } from "~/features/instructor-accounts/accounts.schema.ts";
import { InstructorLoginForm, SessionEndedNotice } from "~/features/instructor-accounts/components/instructor-login-form.tsx";
import { signInInstructor } from "~/features/instructor-accounts/portal.server.ts";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";
import {
  clearSessionHeaders,
  clearedSessionEndCookie,
  END_SHOWN_KEPT_MS,
  getInstructorSession,
  INSTRUCTOR_DASHBOARD_PATH,
  readSessionEnd,
  sessionCookie,
  sessionEndCookie,
  sessionEndReason,
} from "~/lib/instructor-session.server.ts";
import { metaOf } from "~/lib/seo.ts";
import type { Locale } from "~/lib/i18n.ts";
import { languageAfterSignIn } from "~/lib/language-preference.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { rememberLocale } from "~/lib/locale-cookie.server.ts";
import type { Route } from "./+types/login";

/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return loaded;
}

/** The page may ask a second or two before the server's clock reaches the end. */
const CLOCK_TOLERANCE_MS = 5000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, stale, ended: foundEnded } = await getInstructorSession(request);
  if (session) throw redirect(INSTRUCTOR_DASHBOARD_PATH);
  const t = getInstance(context).t;
  // A cookie whose session ended (expired, renewed, removed) is cleared.
  const headers = stale ? clearSessionHeaders(request) : new Headers();
  // Why the last session ended (issue 36 item 11). Once said, the record is kept an hour more, so a reload
  // or a switch to the other language says it again; then it goes. A record of an end still to come (the
  // session was removed by a renewal) says nothing, and goes at once.
  const recorded = readSessionEnd(request);
  const end = foundEnded ?? recorded;
  const ended = end && end.at.getTime() <= Date.now() + CLOCK_TOLERANCE_MS ? { reason: end.reason, at: end.at.toISOString() } : null;
  if (ended && end) headers.append("Set-Cookie", sessionEndCookie(request, end, new Date(), END_SHOWN_KEPT_MS));
  else if (recorded) headers.append("Set-Cookie", clearedSessionEndCookie(request));
  return data(
    { title: t("instructorPortal.login.metaTitle"), description: t("instructorPortal.login.metaDescription"), ended },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: instructorLoginSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    const signedIn = await signInInstructor(submission.value, requestIp(context));
    const locale = await languageAfterSignIn(request, getLocale(context) as Locale, { instructorAccountId: signedIn.accountId });
    const headers = new Headers({ "Set-Cookie": sessionCookie(request, signedIn.token, signedIn.expiresAt) });
    headers.append("Set-Cookie", sessionEndCookie(request, { reason: sessionEndReason(signedIn), at: signedIn.expiresAt }));
    headers.append("Set-Cookie", await rememberLocale(locale));
    return redirect(INSTRUCTOR_DASHBOARD_PATH, { headers });
  } catch (err) {
    return errorReply(submission, err);
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => privateHeaders(actionHeaders);

export const meta: Route.MetaFunction = metaOf("/instructor-login", { localized: false, noindex: true });

export default function InstructorLoginPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const root = matches[0].loaderData;
  return (
    <main id="main" className="min-h-screen flex-1 bg-slate-50">
      <div className="mx-auto flex max-w-md justify-end px-4 pt-6">
        <LanguageSwitcher locale={root.locale} />
      </div>
      <AuthCard title={t("instructorPortal.login.heading")} intro={t("instructorPortal.login.intro")}>
        {loaderData.ended && <SessionEndedNotice ended={loaderData.ended} locale={root.locale} />}
        <InstructorLoginForm reply={actionData} />
        <Link to={lp("/")} className="mt-6 inline-block text-sm font-medium text-teal-800 underline hover:text-teal-950">
          {t("instructorPortal.login.backHome")}
        </Link>
      </AuthCard>
    </main>
  );
}
