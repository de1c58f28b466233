// /{en|ar}/enrollment/<reference>?t=<token> — the student's own page of one enrollment (issue 37 item 3),
// opened from the link in every email about it. The token is checked before anything is read; a wrong
// one, an unknown reference or a malformed one are the same 404. Personal data: never cached, never
// indexed, and the address (with its token) is not sent on as a referrer.
import { StudentEnrollmentPage } from "~/features/enrollments/components/student-enrollment.tsx";
import { EnrollmentLinkError } from "~/features/enrollments/components/enrollment-link-error.tsx";
import { getStudentEnrollment, nextText, payOnlineTexts, withdrawTexts } from "~/features/enrollments/student-enrollment.server.ts";
import { PROOF_SENT_PARAM, studentProofAction } from "~/features/enrollments/student-proof.server.ts";
import { AppError } from "~/lib/errors.ts";
import { ONLINE_RETURN_PARAM } from "~/domain/payments/online.server.ts";
import { onlineNote } from "~/features/enrollments/components/student-pay-online.tsx";
import { getLocale } from "~/lib/context.server.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { pageMeta } from "~/lib/seo.ts";
import { PRIVATE_REFERRER_META, privatePageHeaders } from "~/lib/private-page.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { data } from "react-router";
import { WITHDRAW_RETURN_PARAM } from "~/domain/enrollments/withdraw.server.ts";
import { emailOfRequest } from "~/features/students/my-requests.server.ts";
import { signInFromRequestLink } from "~/features/students/student-sign-in.server.ts";
import type { Route } from "./+types/enrollment";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  const enrollment = await getStudentEnrollment(params.reference, token, getLocale(context));
  if (!enrollment) throw new AppError("not_found", "errors.notFoundText");
  const t = getInstance(context).t;
  // Back from Paymob's checkout, or refused before it (the page only reads; the callback settles).
  const note = onlineNote(url.searchParams.get(ONLINE_RETURN_PARAM));
  // The link's holder is the request's student: signed in to the student area too (issue 38 item 1).
  const email = await emailOfRequest(enrollment.reference);
  const cookies = email ? await signInFromRequestLink(email, request) : [];
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return data({
    enrollment,
    // The page's own token, for its links to the receipts (the address already carries it).
    token: token!,
    // Back from sending a proof of payment (the action redirects here).
    proofSent: url.searchParams.get(PROOF_SENT_PARAM) === "sent",
    payOnline: payOnlineTexts(t, enrollment.online, note),
    next: nextText(enrollment, t, getLocale(context)),
    withdraw: withdrawTexts(enrollment, t, url.searchParams.get(WITHDRAW_RETURN_PARAM)),
    title: t("myEnrollment.metaTitle", { id: enrollment.reference }),
    description: t("myEnrollment.metaDescription"),
  }, { headers });
}

/** A proof of payment, sent from the page's form (multipart; app/features/enrollments/student-proof.server.ts). */
export const action = (args: Route.ActionArgs) => studentProofAction(args);

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

/** Private, and the student area's session cookie when the link signed its holder in. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(privatePageHeaders());
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [{ name: "robots", content: "noindex" }, PRIVATE_REFERRER_META];
  const head = pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    origin: root.origin,
    // The page without its token: a canonical URL must not carry the key to it.
    path: `/enrollment/${encodeURIComponent(loaderData.enrollment.reference)}`,
    locale: root.locale,
    brand: root.brand,
    noindex: true,
  });
  return [...head, PRIVATE_REFERRER_META];
};

export default function EnrollmentRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return (
    <StudentEnrollmentPage
      enrollment={loaderData.enrollment}
      token={loaderData.token}
      locale={matches[0].loaderData.locale}
      proof={{ sent: loaderData.proofSent, reply: actionData }}
      payOnline={loaderData.payOnline}
      next={loaderData.next}
      withdraw={loaderData.withdraw}
    />
  );
}

/** A wrong or old link is the site's 404, with the way to have the link sent again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EnrollmentLinkError error={error} />;
}
