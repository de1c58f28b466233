// Mixed-direction text (issue 13 point 5): identifiers as LTR tokens, user values isolated inside
// translated sentences. Rendered with React on the server side, as the pages are.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import arCatalog from "~/locales/ar/catalog.json";
import enCatalog from "~/locales/en/catalog.json";
import { isolateText, Ltr, tIsolated } from "./bidi.tsx";

async function tFor(lng: "en" | "ar") {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { common: enCatalog }, ar: { common: arCatalog } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

/** React's text separators (<!-- -->) removed, so the markup reads like the DOM. */
const html = (node: React.ReactNode) => renderToString(<>{node}</>).replace(/<!-- -->/g, "");

describe("Ltr", () => {
  it("renders an identifier as one isolated left-to-right token that does not wrap", () => {
    expect(html(<Ltr>ENR-M5K2J9-AB12</Ltr>)).toBe('<bdi dir="ltr" class="whitespace-nowrap">ENR-M5K2J9-AB12</bdi>');
  });

  it("cuts a long email with an ellipsis, the whole address in its tooltip", () => {
    const out = html(
      <Ltr truncate className="max-w-[16rem]">
        very.long.name@example.com
      </Ltr>,
    );
    expect(out).toContain('dir="ltr"');
    expect(out).toContain("whitespace-nowrap");
    expect(out).toContain("truncate");
    expect(out).toContain("max-w-[16rem]");
    expect(out).not.toContain("max-w-full");
    expect(out).toContain('title="very.long.name@example.com"');
  });
});

describe("tIsolated", () => {
  it("puts an Arabic category name inside <bdi> in the English heading", async () => {
    const t = await tFor("en");
    expect(html(tIsolated(t, "catalog.categoryTitle", { name: "تحليل البيانات باستخدام Excel وPower BI" }))).toBe(
      "Courses in <bdi>تحليل البيانات باستخدام Excel وPower BI</bdi>",
    );
  });

  it("puts an English category name inside <bdi> in the Arabic heading", async () => {
    const t = await tFor("ar");
    expect(html(tIsolated(t, "catalog.categoryTitle", { name: "Data Science 101" }))).toBe("دورات <bdi>Data Science 101</bdi>");
  });

  it("places an element value (an <Ltr> identifier) as it is, and passes the other options to t", async () => {
    const t = await tFor("en");
    const out = html(tIsolated(t, "catalog.categoryTitle", { name: <Ltr>ENR-1</Ltr> }));
    expect(out).toBe('Courses in <bdi dir="ltr" class="whitespace-nowrap">ENR-1</bdi>');
    expect(tIsolated(t, "catalog.coursesFound", {}, { count: 2 })).toBe(t("catalog.coursesFound", { count: 2 }));
  });

  it("wraps text for plain-text places in first-strong isolates", () => {
    expect(isolateText("Excel وPower BI")).toBe("\u2068Excel وPower BI\u2069");
    expect(isolateText("")).toBe("");
  });

  // Issue 34 item 7: an isolate does not undo an override typed inside it ("exe.png nassaH ilA").
  it("drops the direction controls a visitor typed, in plain text and in sentences", async () => {
    expect(isolateText("Ali Hassan \u202Egnp.exe")).toBe("\u2068Ali Hassan gnp.exe\u2069");
    const t = await tFor("en");
    const out = html(tIsolated(t, "catalog.categoryTitle", { name: "\u202Bexe.\u202Egnp" }));
    expect(out).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(out).toContain("<bdi>exe.gnp</bdi>");
  });
});
