// POST /{en|ar}/enrollment/<reference>/withdraw — "Withdraw my request" on the student's page (issue 38 item
// 2): a plain form with the page's token (works without JavaScript). The token is checked before anything
// (404 otherwise); the answer is a redirect back to the page saying what happened (?withdraw=done, or why
// not: not-open, paid), so a reload never posts twice.
import { redirect } from "react-router";
import { enrollmentPagePath, verifyEnrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { WITHDRAW_RETURN_PARAM, withdrawEnrollment, WITHDRAW_ERRORS } from "~/domain/enrollments/withdraw.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Route } from "./+types/enrollment-withdraw";

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const token = (await request.formData()).get("t");
  if (!verifyEnrollmentToken(params.reference, typeof token === "string" ? token : null)) throw new AppError("not_found", "errors.notFoundText");
  const back = (why: string) => redirect(`${enrollmentPagePath(locale, params.reference)}&${WITHDRAW_RETURN_PARAM}=${why}#withdraw`, 303);
  try {
    await withdrawEnrollment(params.reference);
    return back("done");
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "conflict") throw err;
    return back(err.messageKey === WITHDRAW_ERRORS.paid ? "paid" : "not-open");
  }
}

export function loader(): never {
  throw new AppError("not_found", "errors.notFoundText");
}
