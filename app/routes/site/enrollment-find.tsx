// /{en|ar}/enrollment — "Send me my request's link" (issue 37 item 3): the reference and the email a
// request was made with; when they match, its page's link goes to that email. The same answer either way
// (a redirect to ?sent=1, so a reload never posts again); rate limited per address and per reference.
// Works without JavaScript; never indexed.
import { redirect } from "react-router";
import { FindLinkPage } from "~/features/enrollments/components/find-link-page.tsx";
import { enrollmentLinkSchema, isHoneypotFilled } from "~/features/enrollments/enrollment-link.schema.ts";
import { resendEnrollmentLink } from "~/features/enrollments/enrollment-link-resend.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { publicFormAction } from "~/lib/form-action.server.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { isLocale } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import { rateLimits } from "~/lib/rate-limit.server.ts";
import { metaOf } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/enrollment-find";

export function loader({ context, request }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { title: t("findLink.metaTitle"), description: t("findLink.intro"), sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const reply = await publicFormAction({
    request,
    context,
    schema: enrollmentLinkSchema,
    limiter: rateLimits.linkResend,
    valueLimit: { limiter: rateLimits.linkResendReference, key: (value) => value.reference },
    failureKey: "findLink.errors.failed",
    isBot: isHoneypotFilled,
    botReply: { sent: true as const },
    handle: (value, locale) => resendEnrollmentLink(value, locale),
  });
  const locale = getLocale(context);
  if (reply.data.success) throw redirect(`${localePath(isLocale(locale) ? locale : "en", "/enrollment")}?sent=1`, 303);
  return reply;
}

/** Document responses carry the action's headers too (Retry-After on 429). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
};

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = (args) => metaOf("/enrollment", { noindex: true })(args);

export default function EnrollmentFindRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FindLinkPage sent={loaderData.sent} reply={actionData} />;
}
