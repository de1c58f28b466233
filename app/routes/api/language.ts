import { redirect } from "react-router";
import { isLocale } from "~/lib/i18n.ts";
import { localeOfPath, localePath, needsLocalePrefix } from "~/lib/locale-url.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import { rememberLocale } from "~/lib/locale-cookie.server.ts";
import { saveLanguagePreference } from "~/middleware/locale.server.ts";
import type { Route } from "./+types/language";

/** Where a switch to `lang` lands: public pages in that language's URL, staff pages on the same URL. */
export function switchTarget(lang: Parameters<typeof localePath>[0], to: string): string {
  const path = to.split(/[?#]/, 1)[0] ?? "/";
  return localeOfPath(path) || needsLocalePrefix(path) ? localePath(lang, to) : to;
}

/**
 * The EN|AR switcher: remembers the choice (cookie; the profile of a signed-in staff member or instructor)
 * and returns to the same page in that language.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  // Only a page of this site (app/lib/safe-redirect.ts): never an open redirect.
  const to = safeRedirect(url.searchParams.get("to"));
  if (!isLocale(lang)) return redirect(to, { headers: { "Cache-Control": "no-store" } });
  await saveLanguagePreference(request, lang);
  return redirect(safeRedirect(switchTarget(lang, to), localePath(lang, "/")), {
    headers: { "Set-Cookie": await rememberLocale(lang), "Cache-Control": "no-store" },
  });
}
