// /{en|ar}/enrollment/<reference>/receipt/<number>?t=<token> — a payment's receipt (issue 37 item 6), printable
// on A4, in English and Arabic side by side whatever the page's language (a receipt is shown to others).
// Opened with the enrollment's own token (the receipt email and the student's page link it); anything else
// is the same 404. Personal data: never cached, never indexed, not sent on as a referrer.
import { EnrollmentLinkError } from "~/features/enrollments/components/enrollment-link-error.tsx";
import { StudentReceiptPage, type ReceiptText } from "~/features/enrollments/components/student-receipt.tsx";
import { getStudentReceipt } from "~/features/enrollments/student-receipt.server.ts";
import { AppError } from "~/lib/errors.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { pageMeta } from "~/lib/seo.ts";
import { PRIVATE_REFERRER_META, privatePageHeaders } from "~/lib/private-page.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/receipt";

const KEYS = ["title", "number", "date", "receivedFrom", "reference", "course", "starts", "amount", "method", "due", "balanceAfter", "paidInFull", "cairoTime", "note"] as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  const receipt = await getStudentReceipt(params.reference, token, params.number);
  if (!receipt) throw new AppError("not_found", "errors.notFoundText");
  const i18n = getInstance(context);
  // Both languages' words, whatever the page's language: the receipt is bilingual.
  const text = Object.fromEntries(
    (["en", "ar"] as const).map((lang) => {
      const t = i18n.getFixedT(lang);
      const words = Object.fromEntries(KEYS.map((k) => [k, t(`receiptPage.${k}`)]));
      return [lang, { ...words, method: t(`myEnrollment.methods.${receipt.method}`), methodLabel: words.method }];
    }),
  ) as Record<"en" | "ar", ReceiptText>;
  return { receipt, text, token: token!, title: i18n.t("receiptPage.metaTitle", { number: receipt.number }) };
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const headers: Route.HeadersFunction = privatePageHeaders;


export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [{ name: "robots", content: "noindex" }, PRIVATE_REFERRER_META];
  const { reference, number } = loaderData.receipt;
  const head = pageMeta({
    title: loaderData.title,
    description: loaderData.title,
    origin: root.origin,
    path: `/enrollment/${encodeURIComponent(reference)}/receipt/${encodeURIComponent(number)}`,
    locale: root.locale,
    brand: root.brand,
    noindex: true,
  });
  return [...head, PRIVATE_REFERRER_META];
};

export default function ReceiptRoute({ loaderData, matches }: Route.ComponentProps) {
  return <StudentReceiptPage receipt={loaderData.receipt} text={loaderData.text} token={loaderData.token} locale={matches[0].loaderData.locale} />;
}

/** A wrong or old link is the site's 404, with the way to have the link sent again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EnrollmentLinkError error={error} />;
}
