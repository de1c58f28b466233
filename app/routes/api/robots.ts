import { env } from "~/lib/env.server.ts";

export function loader() {
  const origin = env().PUBLIC_URL;
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /instructor",
    "Disallow: /login",
    "Disallow: /reset-password",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
