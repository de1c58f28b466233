// The viewer's decisions, rendered with React on the server side (no DOM needed): what a non-PDF shows,
// that a PDF starts loading instead, how failed requests read, and the canvas scale. The browser
// behaviour (canvas pixels, blocked right-click, full screen, Escape, axe) is in
// tests/e2e/document-viewer.e2e.test.ts.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import ar from "~/locales/ar/viewer.json";
import en from "~/locales/en/viewer.json";
import { errorKeyForStatus, MAX_CANVAS_PIXELS, nextZoom, renderScale, ViewerBody, ZOOM_STEPS } from "./document-viewer.tsx";
import { isPdfMimeType, mimeTypeForDocumentLabel } from "./mime.ts";

async function render(lng: "en" | "ar", mimeType: string): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources: { en: { common: en }, ar: { common: ar } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <ViewerBody url="/files/documents/00000000-0000-4000-8000-000000000000" name="notes.docx" mimeType={mimeType} />
    </I18nextProvider>,
  );
  // Text only, entities decoded, so the assertions read like what a person sees.
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

describe("document viewer body", () => {
  it("shows the SPEC notice instead of a non-PDF document", async () => {
    for (const type of ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "text/plain", "image/png", ""]) {
      const text = await render("en", type);
      expect(text).toBe(
        "Document Preview Not Available Only PDF files can be previewed securely. This document format cannot be viewed in the browser.",
      );
    }
  });

  it("shows the notice in Arabic", async () => {
    const text = await render("ar", "application/msword");
    expect(text).toContain("معاينة المستند غير متاحة");
    expect(text).toContain("يمكن معاينة ملفات PDF فقط بشكل آمن.");
  });

  it("starts loading a PDF (and shows no notice)", async () => {
    const text = await render("en", "application/pdf");
    expect(text).toBe("Loading document…");
  });
});

describe("isPdfMimeType / mimeTypeForDocumentLabel", () => {
  it("accepts only the PDF type, with or without parameters, in any case", () => {
    expect(isPdfMimeType("application/pdf")).toBe(true);
    expect(isPdfMimeType("Application/PDF; charset=binary")).toBe(true);
    expect(isPdfMimeType(" application/pdf ")).toBe(true);
    expect(isPdfMimeType("application/pdfx")).toBe(false);
    expect(isPdfMimeType("application/x-pdf-evil")).toBe(false);
    expect(isPdfMimeType("text/html; application/pdf")).toBe(false);
    expect(isPdfMimeType("PDF")).toBe(false);
    expect(isPdfMimeType(undefined)).toBe(false);
    expect(isPdfMimeType(null)).toBe(false);
  });

  it("maps the stored document label to a MIME type", () => {
    expect(mimeTypeForDocumentLabel("PDF")).toBe("application/pdf");
    expect(mimeTypeForDocumentLabel(" pdf ")).toBe("application/pdf");
    expect(isPdfMimeType(mimeTypeForDocumentLabel("Word"))).toBe(false);
    expect(isPdfMimeType(mimeTypeForDocumentLabel("Excel/Spreadsheet"))).toBe(false);
    expect(isPdfMimeType(mimeTypeForDocumentLabel(undefined))).toBe(false);
  });
});

describe("errorKeyForStatus", () => {
  it("tells a signed-out, a forbidden and a missing document apart", () => {
    expect(errorKeyForStatus(401)).toBe("signedOut");
    expect(errorKeyForStatus(403)).toBe("forbidden");
    expect(errorKeyForStatus(404)).toBe("notFound");
    expect(errorKeyForStatus(500)).toBe("failed");
    expect(errorKeyForStatus(503)).toBe("failed");
  });

  it("has a message for every key in both languages", () => {
    for (const key of ["failed", "signedOut", "forbidden", "notFound", "invalid", "protected"] as const) {
      expect(en.documentViewer.errors[key]).toBeTruthy();
      expect(ar.documentViewer.errors[key]).toBeTruthy();
    }
  });
});

describe("renderScale", () => {
  it("fits the width and multiplies by the device pixel ratio", () => {
    // A4 portrait (595 × 842 pt) into 800 CSS pixels.
    expect(renderScale(800, 595, 842, 1)).toBeCloseTo(800 / 595);
    expect(renderScale(800, 595, 842, 2)).toBeCloseTo((800 / 595) * 2);
    expect(renderScale(800, 595, 842, 0)).toBeCloseTo(800 / 595);
  });

  it("never asks for more than the canvas pixel cap", () => {
    const scale = renderScale(4000, 595, 842, 3);
    expect(595 * scale * 842 * scale).toBeLessThanOrEqual(MAX_CANVAS_PIXELS * 1.0001);
    expect(595 * scale * 842 * scale).toBeGreaterThan(MAX_CANVAS_PIXELS * 0.99);
  });
});

describe("nextZoom (issue 36 item 12)", () => {
  it("steps in and out from fit to width, and stops at either end", () => {
    expect(nextZoom(1, 1)).toBe(1.5);
    expect(nextZoom(1.5, 1)).toBe(2);
    expect(nextZoom(1, -1)).toBe(0.75);
    expect(nextZoom(ZOOM_STEPS[0], -1)).toBe(ZOOM_STEPS[0]);
    expect(nextZoom(3, 1)).toBe(3);
    // Three steps in from fit: 2.5 times the fitted width (a phone's 6 px text reads at 14 px).
    expect(nextZoom(nextZoom(nextZoom(1, 1), 1), 1)).toBe(2.5);
  });
});
