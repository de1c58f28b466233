import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_NS, isLocale, LOCALES } from "./lib/i18n.ts";

import { loadLocaleFiles, markLocaleFilesLoaded, needsStaffStrings, PUBLIC_LOCALE_FILES } from "./lib/i18n-client.ts";
import { captureVisitSource } from "./lib/visit-capture.ts";

// Only the page's language is downloaded: on a public page only the files its routes need (the server
// lists them on <html data-locale-files>, app/lib/locale-files.ts), in a staff area every file.
function firstFiles(): readonly string[] | "all" {
  if (needsStaffStrings(window.location.pathname)) return "all";
  const listed = document.documentElement.dataset.localeFiles?.split(" ").filter(Boolean);
  return listed?.length ? listed : PUBLIC_LOCALE_FILES;
}
/** After a language switch: every public file (or every file in a staff area) of the new language. */
const switchFiles = (): readonly string[] | "all" => (needsStaffStrings(window.location.pathname) ? "all" : PUBLIC_LOCALE_FILES);

async function main() {
  // The visit's landing utm_* and referring host, kept for this tab only (ADR 021): the enrollment form sends them.
  captureVisitSource();
  const htmlLang = document.documentElement.lang;
  const lng = isLocale(htmlLang) ? htmlLang : "en";
  const files = firstFiles();
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    supportedLngs: [...LOCALES],
    defaultNS: DEFAULT_NS,
    ns: [DEFAULT_NS],
    resources: { [lng]: { [DEFAULT_NS]: await loadLocaleFiles(lng, files) } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  markLocaleFilesLoaded(lng, files);
  i18next.on("languageChanged", (next) => {
    if (!i18next.hasResourceBundle(next, DEFAULT_NS)) {
      const nextFiles = switchFiles();
      void loadLocaleFiles(next, nextFiles).then((res) => {
        i18next.addResourceBundle(next, DEFAULT_NS, res);
        markLocaleFilesLoaded(next, nextFiles);
        void i18next.changeLanguage(next);
      });
    }
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void main();
