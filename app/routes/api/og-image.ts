// /og/courses/<slug>.jpg — a published course's sharing image (og:image), 1200×630 JPEG, made once and
// kept on disk (app/lib/og-image.server.ts). The page head links it with ?v=<version>; that URL never
// changes content, so it is cached for a year; any other version answers the current image briefly cached.
import { getCourseShareSource } from "~/features/catalog/catalog.server.ts";
import { AppError } from "~/lib/errors.ts";
import { OG_IMAGE, ogImageVersion } from "~/lib/og-image.ts";
import { courseOgImage } from "~/lib/og-image.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/og-image";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = /^([a-z0-9-]{1,100})\.jpg$/.exec(params.file)?.[1];
  const source = slug ? await getCourseShareSource(slug) : null;
  if (!source) throw new AppError("not_found", "errors.notFoundText");
  const brand = source.brand ?? getInstance(context).getFixedT(source.language)("brand");
  const jpeg = await courseOgImage({ ...source, brand });
  const current = new URL(request.url).searchParams.get("v") === ogImageVersion(source);
  return new Response(new Uint8Array(jpeg), {
    headers: {
      "Content-Type": OG_IMAGE.type,
      "Content-Length": String(jpeg.length),
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
