import { chromium } from "playwright-core";
import { enrollmentToken } from "../app/domain/enrollments/enrollment-link.server.ts";
const BASE = "http://localhost:4100";
const SECRET = "shots-secret-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
const REF = process.argv[2] ?? "ENR-SEED-2G";
const sizes = { phone: { width: 375, height: 800 }, laptop: { width: 1366, height: 900 } } as const;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
async function shoot(lang: "en" | "ar", size: keyof typeof sizes, steps: [string, string][], admin = false) {
  const ctx = await browser.newContext({ viewport: sizes[size], locale: lang });
  const page = await ctx.newPage();
  if (admin) {
    await page.goto(`${BASE}/login?lang=en`);
    await page.getByLabel(/^Email/).fill("admin@example.com");
    await page.getByLabel(/^Password/).fill("Admin-Passw0rd!");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
  } else {
    await page.goto(`${BASE}/${lang}/enrollment/${REF}?t=${enrollmentToken(REF, SECRET)}`);
  }
  for (const [name, url] of steps) {
    await page.goto(`${BASE}${url}`);
    await page.waitForSelector("html[data-hydrated]").catch(() => {});
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/${name}-${lang}-${size}.png`, fullPage: true });
  }
  await ctx.close();
}
const mine = (lang: string) => [[`enrollment`, `/${lang}/enrollment/${REF}?t=${enrollmentToken(REF, SECRET)}`], ["my", `/${lang}/my`], ["profile", `/${lang}/my/profile`]] as [string, string][];
await shoot("en", "phone", mine("en"));
await shoot("ar", "laptop", mine("ar"));
const signedOut = async (lang: "en" | "ar", size: keyof typeof sizes) => {
  const ctx = await browser.newContext({ viewport: sizes[size], locale: lang });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/${lang}/my`);
  await page.screenshot({ path: `/tmp/shots/signin-${lang}-${size}.png`, fullPage: true });
  await ctx.close();
};
await signedOut("en", "phone");
await signedOut("ar", "laptop");
await shoot("en", "laptop", [["admin-enrollments", "/admin/enrollments?lang=en"], ["admin-data-requests", "/admin/data-requests?lang=en"]], true);
await shoot("ar", "phone", [["admin-settings", "/admin/settings?lang=ar"], ["admin-data-requests", "/admin/data-requests?lang=ar"]], true);
await browser.close();
