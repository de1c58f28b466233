import { redirect } from "react-router";
import { isLocale } from "~/lib/i18n.ts";
import { localeCookie } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/language";

/** Only same-site paths: never an open redirect. */
export function safeRedirectPath(to: string | null): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return "/";
  return to;
}

/** The EN|AR switcher: remembers the choice in a cookie and returns to the same page in that language. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const target = new URL(safeRedirectPath(url.searchParams.get("to")), url.origin);
  if (!isLocale(lang)) return redirect(`${target.pathname}${target.search}`);
  target.searchParams.set("lang", lang);
  return redirect(`${target.pathname}${target.search}`, {
    headers: { "Set-Cookie": await localeCookie.serialize(lang), "Cache-Control": "no-store" },
  });
}
