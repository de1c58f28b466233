// Issue 33's acceptance, on the pages themselves: a site started without demo content (seedDefaults alone,
// as a production PostgreSQL starts) shows no demo contact detail anywhere. Every public page (home,
// about, services, contact, the catalogue, a course page) in English and Arabic is rendered as the server
// renders it: the real root loader and the page's loader against a real database, then the root layout
// (header, footer, chat button) and the page's component, head included, to HTML. The HTML is scanned for
// the demo's values (db/seed/demo-data.ts DEMO_SITE_SETTINGS) and for the parts that would be empty
// (the footer's contact list and "Follow us", the Contact page's details, the chat button, the About
// figures). The same render with the demo's settings shows them, so the scan can see what it looks for.
// (React's warning about an empty href is the test stub's: it has no build manifest, so the entry
// script's modulepreload link has no address.)
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, type MetaFunction } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_SITE_SETTINGS } from "@db/seed/demo-data.ts";
import { seedDefaults, seedDemoSettings } from "@db/seed/demo.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatFigure } from "~/lib/format.ts";
import { formatPhone } from "~/lib/phone.ts";
import App, { Layout, loader as rootLoader } from "~/root.tsx";
import * as about from "~/routes/site/about.tsx";
import * as contact from "~/routes/site/contact.tsx";
import * as course from "~/routes/site/course.tsx";
import * as courses from "~/routes/site/courses.tsx";
import * as home from "~/routes/site/home.tsx";
import * as services from "~/routes/site/services.tsx";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse } from "../setup/factories.ts";
import { i18n } from "../setup/i18n.ts";
import { callLoader } from "../setup/route-call.ts";

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  // What every start runs; no demo (SEED_DEMO off). One real course, so the catalogue and a course page
  // have something to show.
  await seedDefaults(database.db);
  const category = await makeCategory({ name: "Data", nameAr: "البيانات", slug: "data" });
  await makeCourse({ title: "Data Analysis with Excel", slug: "data-analysis", isPublished: true, categoryId: category.id, price: 1500 });
  // The layout's settings are kept per content version: a new database is new content.
  await contentChanged();
});

interface PageModule {
  default: unknown;
  loader: (args: never) => unknown;
  meta?: unknown;
}

/** The public pages: the route id and pattern of app/routes.ts, the module, and a URL without the language. */
const PAGES: { id: string; pattern: string; module: PageModule; path: string; params?: Record<string, string> }[] = [
  { id: "routes/site/home", pattern: ":lang", module: home, path: "" },
  { id: "routes/site/about", pattern: ":lang/about", module: about, path: "/about" },
  { id: "routes/site/services", pattern: ":lang/services", module: services, path: "/services" },
  { id: "routes/site/contact", pattern: ":lang/contact", module: contact, path: "/contact" },
  { id: "routes/site/courses", pattern: ":lang/courses", module: courses, path: "/courses" },
  { id: "routes/site/course", pattern: ":lang/courses/:slug", module: course, path: "/courses/data-analysis", params: { slug: "data-analysis" } },
];

/** One page as the server renders it: the root and page loaders, then the layout and the page, to HTML. */
async function renderPage(page: (typeof PAGES)[number], lang: Locale): Promise<string> {
  const url = `/${lang}${page.path}`;
  const params = { lang, ...page.params };
  const root = await callLoader(rootLoader, { url, params });
  expect(root.status, `${url} root`).toBe(200);
  const data = await callLoader(page.module.loader as never, { url, params });
  expect(data.status, url).toBe(200);
  await i18n.changeLanguage(lang);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: (props: object) => createElement(Layout, null, createElement(App as ComponentType<object>, props)),
      children: [{ id: page.id, path: page.pattern, Component: page.module.default as never, meta: page.module.meta as MetaFunction }],
    },
  ]);
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { root: root.data, [page.id]: data.data } } }),
    ),
  );
}

/** Everything the demo's settings would put on a page, in the forms the pages write them. */
function demoValues(): string[] {
  const { contact: c, social, about: figures } = DEMO_SITE_SETTINGS;
  const phones = [...c.phones, c.chatNumber];
  return [
    c.email,
    c.address.en,
    c.address.ar,
    ...Object.values(social),
    ...phones,
    ...phones.map((p) => p.replace(/\D/g, "")),
    ...phones.map((p) => formatPhone(p)),
    ...(["en", "ar"] as const).flatMap((lang) => Object.values(figures).map((n) => formatFigure(n, lang, true))),
    "nileacademy",
    "wa.me/",
  ];
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

/** Every string and array in a JSON value, with its path. */
function* leaves(value: unknown, path = "$"): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    yield [path, value];
    for (const [i, v] of value.entries()) yield* leaves(v, `${path}[${i}]`);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) yield* leaves(v, `${path}.${k}`);
  } else yield [path, value];
}

describe("a site without demo content", () => {
  it.each(["en", "ar"] as const)("shows no demo contact detail, and no empty part, on any public page (%s)", async (lang) => {
    const t = i18n.getFixedT(lang);
    for (const page of PAGES) {
      const html = await renderPage(page, lang);
      const where = `/${lang}${page.path}`;
      expect(html, where).toContain(`lang="${lang}"`);
      for (const value of demoValues()) expect(html, `${where}: ${value}`).not.toContain(value);
      // No social profile at all (the only links out would be the demo's), no chat, no contact links.
      expect(html, where).not.toMatch(/facebook\.com|instagram\.com|linkedin\.com|tiktok\.com|\.example\b/);
      expect(html, where).not.toMatch(/data-chat-(?:dock|button)|data-home-whatsapp|href="(?:tel|mailto):/);
      // Nor a sentence sending the visitor to a WhatsApp there is no number for.
      expect(html, where).not.toMatch(/WhatsApp|واتساب/);
      // Nothing left empty: no list without items, no "Follow us" or contact details heading over nothing.
      expect(html, where).not.toMatch(/<(ul|ol|dl)\b[^>]*><\/\1>/);
      expect(html, where).not.toContain(`>${t("footer.followUs")}<`);
      expect(html, where).not.toContain(t("contactPage.detailsTitle"));
      // About figures at 0 are not shown (the course count is a real 1).
      for (const key of ["yearsOfExperience", "partners", "students"]) expect(html, `${where}: ${key}`).not.toContain(`>${t(`figures.${key}`)}<`);
      // Structured data: no empty value, no empty list, no contact point that is not set.
      for (const block of jsonLd(html)) {
        for (const [path, value] of leaves(block)) {
          expect(value, `${where} ${path}`).not.toBe("");
          if (Array.isArray(value)) expect(value.length, `${where} ${path}`).toBeGreaterThan(0);
          expect(path, where).not.toMatch(/\.(email|telephone|address|sameAs)\b/);
        }
      }
    }
  });

  it("shows the demo's contact details once the demo's settings are seeded (the scan sees them)", async () => {
    await seedDemoSettings(database.db);
    await contentChanged();
    for (const lang of ["en", "ar"] as const) {
      const t = i18n.getFixedT(lang);
      const html = await renderPage(PAGES[0]!, lang);
      expect(html).toContain(DEMO_SITE_SETTINGS.contact.email);
      expect(html).toContain(formatPhone(DEMO_SITE_SETTINGS.contact.phones[0]!));
      expect(html).toContain(DEMO_SITE_SETTINGS.contact.address[lang]);
      expect(html).toContain(DEMO_SITE_SETTINGS.social.facebook);
      expect(html).toContain("data-chat-button");
      expect(html).toContain(`>${t("footer.followUs")}<`);
      expect(html).toContain(formatFigure(DEMO_SITE_SETTINGS.about.students, lang, true));
      const organization = jsonLd(html).find((b) => b["@type"] === "EducationalOrganization");
      expect(organization).toMatchObject({ email: DEMO_SITE_SETTINGS.contact.email, sameAs: expect.arrayContaining([DEMO_SITE_SETTINGS.social.facebook]) });
      const contactPage = await renderPage(PAGES[3]!, lang);
      expect(contactPage).toContain(t("contactPage.detailsTitle"));
    }
  });
});
