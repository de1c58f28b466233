// /og/site/<en|ar>.jpg — the site's sharing image in one language (issue 36 item 9): what a shared link to
// the home page, a catalogue, About, Services or Contact shows, 1200×630 JPEG with the site's tagline and the
// brand from Settings, made once and kept on disk (app/lib/og-image.server.ts). Cached like a course's.
import { getPublicSettings } from "~/features/settings/settings.server.ts";
import { AppError } from "~/lib/errors.ts";
import { isLocale, pickText } from "~/lib/i18n.ts";
import { OG_IMAGE, siteOgImageVersion } from "~/lib/og-image.ts";
import { siteOgImage } from "~/lib/og-image.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/og-site-image";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const language = /^([a-z]{2})\.jpg$/.exec(params.file)?.[1];
  if (!language || !isLocale(language)) throw new AppError("not_found", "errors.notFoundText");
  const settings = await getPublicSettings();
  // The same name the page head versions the image with (the root loader's `brand`).
  const brand = pickText(settings.brand.name, language);
  const t = getInstance(context).getFixedT(language);
  const jpeg = await siteOgImage({ language, brand: brand || t("brand"), tagline: t("home.metaTitle") });
  const current = new URL(request.url).searchParams.get("v") === siteOgImageVersion(language, brand);
  return new Response(new Uint8Array(jpeg), {
    headers: {
      "Content-Type": OG_IMAGE.type,
      "Content-Length": String(jpeg.length),
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
