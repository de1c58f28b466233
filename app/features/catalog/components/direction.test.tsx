// Direction isolation on cards, titles and dialogs (issue 13 point 5): user content carries its own
// direction (dir="auto" on a block holding one value, <bdi> inside a sentence), identifiers are LTR
// tokens. An Arabic title with Latin words on an English page, an English title on an Arabic page.
// Rendered with React on the server side, as the pages are first shown.
import i18next from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { InstructorCard } from "~/components/site/instructor-card.tsx";
import { MessageDetails, MessageSender, MessageTitle } from "~/features/messages/components/message-details.tsx";
import { Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { DialogFrame, type DialogCloser } from "~/components/ui/url-dialog.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Locale } from "~/lib/i18n.ts";
import arMessages from "~/locales/ar/admin-messages.json";
import arUsers from "~/locales/ar/admin-users.json";
import arCatalog from "~/locales/ar/catalog.json";
import arCommon from "~/locales/ar/common.json";
import arCourseCard from "~/locales/ar/course-card.json";
import arForms from "~/locales/ar/forms.json";
import enMessages from "~/locales/en/admin-messages.json";
import enUsers from "~/locales/en/admin-users.json";
import enCatalog from "~/locales/en/catalog.json";
import enCommon from "~/locales/en/common.json";
import enCourseCard from "~/locales/en/course-card.json";
import enForms from "~/locales/en/forms.json";
import type { CourseCard as CourseCardData } from "../catalog.server.ts";
import { CourseCard } from "./course-card.tsx";

const ARABIC_TITLE = "تحليل البيانات باستخدام Excel وPower BI";
const ENGLISH_TITLE = "Data Analysis with Excel and Power BI (2025)";

async function i18nFor(lng: Locale) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: {
      en: { common: { ...enCommon, ...enCatalog, ...enCourseCard, ...enForms, ...enMessages, ...enUsers } },
      ar: { common: { ...arCommon, ...arCatalog, ...arCourseCard, ...arForms, ...arMessages, ...arUsers } },
    },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** Renders inside a router (links, the root's locale) and the page language's strings. */
async function render(lng: Locale, ui: () => ReactNode): Promise<string> {
  const i18n = await i18nFor(lng);
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => <>{ui()}</>, loader: () => ({ locale: lng }) }]);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { locale: lng } } }} />
    </I18nextProvider>,
  );
  return html.replace(/<!-- -->/g, "");
}

function card(title: string, summary: string, language: "en" | "ar"): CourseCardData {
  return {
    id: "c1",
    slug: "data-analysis",
    title,
    summary,
    language,
    level: null,
    hours: 12,
    price: 1500,
    priceVisible: true,
    thumbnailUrl: null,
    approvedCount: 3,
    categoryName: null,
    categoryNameAr: null,
  };
}

/** A dialog frame that nothing closes (the server renders it as a panel). */
const NO_CLOSE: DialogCloser = { close: () => {}, finish: () => {}, closeHref: "/", allow: { current: false } };

/** The users page's role dialog, as the route renders it: the email inside the translated description. */
function RoleDialog({ email }: { email: string }) {
  const { t } = useI18n();
  return (
    <DialogFrame open dialog={NO_CLOSE} title={t("users.role.title")} description={tIsolated(t, "users.role.user", { email: <Ltr>{email}</Ltr> })}>
      <p>…</p>
    </DialogFrame>
  );
}

describe("course cards", () => {
  it("an Arabic title with Latin words keeps its own direction on an English page", async () => {
    const html = await render("en", () => (
      <CourseCard course={card(ARABIC_TITLE, "دورة عملية في Excel.", "ar")} locale="en" />
    ));
    expect(html).toMatch(new RegExp(`<h3 id="course-c1-title" dir="auto"[^>]*>${ARABIC_TITLE}</h3>`));
    expect(html).toMatch(/<p dir="auto"[^>]*>دورة عملية في Excel\.<\/p>/);
  });

  it("an English title keeps its own direction on an Arabic page", async () => {
    const html = await render("ar", () => <CourseCard course={card(ENGLISH_TITLE, "Hands-on Power BI.", "en")} locale="ar" />);
    expect(html).toMatch(/<h3 id="course-c1-title" dir="auto"[^>]*>Data Analysis with Excel and Power BI \(2025\)<\/h3>/);
    expect(html).toMatch(/<p dir="auto"[^>]*>Hands-on Power BI\.<\/p>/);
  });
});

describe("course card facts", () => {
  it("a course without hours shows no duration rather than an invented one (issue 36 item 2)", async () => {
    for (const lng of ["en", "ar"] as const) {
      const without = await render(lng, () => <CourseCard course={{ ...card(ENGLISH_TITLE, "x", "en"), hours: null }} locale={lng} />);
      expect(without).not.toMatch(/weeks|أسابيع|Duration|المدة/);
      const withHours = await render(lng, () => <CourseCard course={card(ENGLISH_TITLE, "x", "en")} locale={lng} />);
      expect(withHours).toMatch(lng === "en" ? /12 hours/ : /12 ساعة/);
    }
  });
});

describe("instructor cards", () => {
  it("name and title each have their own direction", async () => {
    const html = await render("en", () => (
      <InstructorCard instructor={{ name: "منى عادل", title: "مدربة Power BI", bio: null }} photoUrl={null} bioHref="#instructor-i1" interactive={false} onOpen={() => {}} />
    ));
    expect(html).toMatch(/<span dir="auto"[^>]*>منى عادل<\/span>/);
    expect(html).toMatch(/<span dir="auto"[^>]*>مدربة Power BI<\/span>/);
    // Before JavaScript runs (the server's HTML) the card is a link to the bio section on the page.
    expect(html).toMatch(/^<a href="#instructor-i1"/);
  });
});

describe("titles with a user value inside a translated sentence", () => {
  it("the enrollment dialog's title isolates the course title (both directions)", async () => {
    const en = await i18nFor("en");
    expect(renderToString(<>{tIsolated(en.t, "enrollment.dialogTitle", { course: ARABIC_TITLE })}</>)).toBe(
      `Enroll in <bdi>${ARABIC_TITLE}</bdi>`,
    );
    const ar = await i18nFor("ar");
    expect(renderToString(<>{tIsolated(ar.t, "enrollment.dialogTitle", { course: ENGLISH_TITLE })}</>)).toContain(
      `<bdi>${ENGLISH_TITLE}</bdi>`,
    );
  });

  it("a message's panel: the sender's name in <bdi> in its title, the email an LTR token", async () => {
    const message = {
      id: "m1",
      name: "Sara Ahmed",
      email: "sara.ahmed.long.address@example.com",
      message: "أريد التسجيل في دورة Excel",
      locale: "ar" as const,
      readAt: null,
      createdAt: "2025-01-01T10:00:00.000Z",
      replyHref: "mailto:sara.ahmed.long.address@example.com",
    };
    const html = await render("ar", () => (
      // Not hydrated: the panel in place (a modal renders into a portal only in the browser).
      <DialogFrame open dialog={NO_CLOSE} title={<MessageTitle name={message.name} />}>
        <MessageDetails message={message} locale="ar" toggle={null} />
      </DialogFrame>
    ));
    expect(html).toMatch(/<h2 [^>]*>رسالة من <bdi>Sara Ahmed<\/bdi><\/h2>/);
    expect(html).toMatch(/<span dir="auto">Sara Ahmed<\/span>/);
    // The whole address, an LTR token that may wrap only after "@" and dots (the kit's Email; it was cut off).
    expect(html).toMatch(/<bdi dir="ltr"[^>]*>sara\.<wbr\/>ahmed\.<wbr\/>long\.<wbr\/>address@<wbr\/>example\.<wbr\/>com<\/bdi>/);
    expect(html).toMatch(/<p dir="auto"[^>]*>أريد التسجيل في دورة Excel<\/p>/);

    const row = await render("en", () => <MessageSender name="منى عادل" email="mona@example.com" />);
    expect(row).toContain('<span dir="auto">منى عادل</span>');
    // In the list the address is an LTR token that may wrap only after "@" and dots (the kit's Email).
    expect(row).toMatch(/<bdi dir="ltr"[^>]*>mona@<wbr\/>example\.<wbr\/>com<\/bdi>/);
  });

  it("a dialog's description holds an email as an LTR token inside the translated sentence", async () => {
    const html = await render("ar", () => (
      <RoleDialog email="a.very.long.staff.address@example.com" />
    ));
    expect(html).toContain('المستخدم: <bdi dir="ltr" class="whitespace-nowrap">a.very.long.staff.address@example.com</bdi>');
  });
});
