// POST /{en|ar}/enrollment/<reference>/pay — "Pay online" on the student's page (issue 37 item 5): the
// form carries the page's token; the answer is a redirect to Paymob's checkout, or back to the page with
// why not (?online=not-owed|too-many|unavailable), so it works the same with and without JavaScript.
import { redirect } from "react-router";
import { enrollmentPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { ONLINE_RETURN_PARAM, startOnlinePayment } from "~/domain/payments/online.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Route } from "./+types/enrollment-pay";

const WHY: Partial<Record<AppError["code"], string>> = { conflict: "not-owed", too_many_requests: "too-many", unavailable: "unavailable" };

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const form = await request.formData();
  const token = form.get("t");
  try {
    const checkout = await startOnlinePayment({ reference: params.reference, token: typeof token === "string" ? token : null, locale });
    return redirect(checkout, 303);
  } catch (err) {
    const why = err instanceof AppError ? WHY[err.code] : undefined;
    if (!why) throw err;
    return redirect(`${enrollmentPagePath(locale, params.reference)}&${ONLINE_RETURN_PARAM}=${why}#pay-online`, 303);
  }
}

export function loader(): never {
  throw new AppError("not_found", "errors.notFoundText");
}
