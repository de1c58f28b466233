import { createCookie } from "react-router";
import { isLocale, type Locale } from "./i18n.ts";

/**
 * The remembered language (D19 revised): set by the EN|AR switcher, by `?lang=` on a staff page and at
 * sign-in from the saved preference. Decides bare public URLs once, and the language of staff pages.
 */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** The language this browser chose, if any. */
export async function rememberedLocale(request: Request): Promise<Locale | null> {
  const value: unknown = await localeCookie.parse(request.headers.get("Cookie"));
  return isLocale(value) ? value : null;
}

/** The Set-Cookie header that remembers a chosen language for a year. */
export function rememberLocale(locale: Locale): Promise<string> {
  return localeCookie.serialize(locale);
}
