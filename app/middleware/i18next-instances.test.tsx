// The server's i18next instances (app/middleware/i18next.server.ts): one per language for the whole
// process, the request's language detected as before, and concurrent renders in both languages that never
// borrow each other's strings.
import { PassThrough } from "node:stream";
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useI18n } from "~/lib/use-i18n.ts";
import { getLocale } from "~/lib/context.server.ts";
import { getInstance, getInstanceOrFallback, i18nextMiddleware, instanceOf } from "./i18next.server.ts";

async function detect(url: string, headers: Record<string, string> = {}): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  const request = new Request(`http://localhost${url}`, { headers });
  await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "/" } as never, async () => new Response());
  return context;
}

describe("the request's language", () => {
  it("is detected as before: the path on public pages; ?lang, the cookie, then the browser on staff pages", async () => {
    const cases: [string, Record<string, string>, "en" | "ar"][] = [
      ["/ar/courses", {}, "ar"],
      ["/en/courses", { cookie: "lng=ar", "accept-language": "ar-EG" }, "en"],
      ["/ar", { cookie: "lng=en" }, "ar"],
      ["/admin?lang=ar", { cookie: "lng=en" }, "ar"],
      ["/admin", { cookie: `lng=${btoa(JSON.stringify("ar"))}` }, "ar"],
      ["/login", { "accept-language": "ar-EG,ar;q=0.9,en;q=0.8" }, "ar"],
      ["/login", { "accept-language": "fr-FR" }, "en"],
      ["/admin?lang=de", {}, "en"],
    ];
    for (const [url, headers, lng] of cases) {
      const context = await detect(url, headers);
      expect(getLocale(context), url).toBe(lng);
      expect(getInstance(context).language, url).toBe(lng);
    }
  });

  it("picks one instance per language for the whole process, which refuses to change language", async () => {
    const [a, b, c] = await Promise.all([detect("/ar/courses"), detect("/ar/about"), detect("/en/courses")]);
    expect(getInstance(a)).toBe(getInstance(b));
    expect(getInstance(a)).toBe(instanceOf("ar"));
    expect(getInstance(c)).not.toBe(getInstance(a));
    expect(() => getInstance(a).changeLanguage("en")).toThrow(/never changes language/);
    expect(instanceOf("ar").language).toBe("ar");
    // A path no route matched (no middleware ran): English.
    expect(getInstanceOrFallback(new RouterContextProvider()).language).toBe("en");
  });
});

/** Strings of both languages, read from the instances themselves. */
const KEYS = ["courseCard.enrollNow", "courseCard.free", "nav.courses", "skipToContent"] as const;

function Strings({ wait }: { wait: Promise<void> }) {
  const { t } = useI18n();
  // Suspends until `wait` settles: the renders of all requests interleave on the event loop.
  use(wait);
  return (
    <ul>
      {KEYS.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
      <li>{t("courseCard.students", { count: 3 })}</li>
    </ul>
  );
}

function Page({ waits }: { waits: Promise<void>[] }) {
  const { t } = useI18n();
  return (
    <main>
      <p>{t("courseCard.duration")}</p>
      {waits.map((wait, i) => (
        <Suspense key={i} fallback={null}>
          <Strings wait={wait} />
        </Suspense>
      ))}
    </main>
  );
}

function render(context: RouterContextProvider): Promise<string> {
  const delay = () => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 15));
  const waits = Array.from({ length: 4 }, delay);
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <I18nextProvider i18n={getInstance(context)}>
        <Page waits={waits} />
      </I18nextProvider>,
      {
        onAllReady() {
          const out = new PassThrough();
          let html = "";
          out.on("data", (chunk: Buffer) => (html += chunk.toString("utf8")));
          out.on("end", () => resolve(html));
          pipe(out);
        },
        onShellError: reject,
      },
    );
  });
}

describe("concurrent renders", () => {
  it("in English and Arabic never mix strings", async () => {
    const en = instanceOf("en");
    const ar = instanceOf("ar");
    const strings = (i: typeof en) => [...KEYS.map((k) => i.t(k)), i.t("courseCard.students", { count: 3 }), i.t("courseCard.duration")];
    const [enStrings, arStrings] = [strings(en), strings(ar)];
    // Every string differs between the languages, so a borrowed one would show.
    for (let i = 0; i < enStrings.length; i++) expect(enStrings[i]).not.toBe(arStrings[i]);

    const langs = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? "en" : "ar"));
    const pages = await Promise.all(
      langs.map(async (lng) => render(await detect(lng === "en" ? "/en/courses" : "/ar/courses"))),
    );
    pages.forEach((html, i) => {
      const [own, other] = langs[i] === "en" ? [enStrings, arStrings] : [arStrings, enStrings];
      for (const s of own) expect(html.split(s).length - 1, `${langs[i]} page ${i}: "${s}"`).toBeGreaterThanOrEqual(1);
      for (const s of other) expect(html, `${langs[i]} page ${i}`).not.toContain(s);
    });
    expect(en.language).toBe("en");
    expect(ar.language).toBe("ar");
  });
});
