// Where a completed staff sign-in goes, shared by the password step (/login) and the second step
// (/login/two-factor): the staff member's saved language follows them to this browser (D19 revised), then
// a non-staff role → /, a generated password → the forced change (D9), else `from` (a same-site /admin
// path) or /admin.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import type { RouterContextProvider } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n.ts";
import { languageAfterSignIn } from "~/lib/language-preference.server.ts";
import { rememberLocale } from "~/lib/locale-cookie.server.ts";
import { isStaffRole } from "~/lib/permissions.ts";
import { getLocale } from "~/lib/context.server.ts";
import { safeAdminPath } from "./auth.schema.ts";
import type { SignedInUser } from "./auth.server.ts";

/** The page that asks for the code from the authenticator app (or a recovery code). */
export const SECOND_STEP_PATH = "/login/two-factor";

/** Adds the language cookie to `headers` and answers the path to redirect to. */
export async function afterSignIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SignedInUser,
  from: string | null | undefined,
  headers: Headers,
): Promise<string> {
  const pageLocale = getLocale(context);
  const locale = await languageAfterSignIn(request, isLocale(pageLocale) ? pageLocale : DEFAULT_LOCALE, { userId: user.id });
  headers.append("Set-Cookie", await rememberLocale(locale));
  if (!isStaffRole(user.role)) return "/";
  if (user.mustChangePassword) return ADMIN_PATH.changePassword;
  return safeAdminPath(from) ?? ADMIN_PATH.dashboard;
}
