import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_NS, isLocale, LOCALES } from "./lib/i18n.ts";

import { loadLocaleFiles, markStaffStringsLoaded, needsStaffStrings } from "./lib/i18n-client.ts";

// Only the page's language is downloaded, and on public pages only the public strings.
const scope = () => (needsStaffStrings(window.location.pathname) ? "all" : "public");

async function main() {
  const htmlLang = document.documentElement.lang;
  const lng = isLocale(htmlLang) ? htmlLang : "en";
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    supportedLngs: [...LOCALES],
    defaultNS: DEFAULT_NS,
    ns: [DEFAULT_NS],
    resources: { [lng]: { [DEFAULT_NS]: await loadLocaleFiles(lng, scope()) } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  if (scope() === "all") markStaffStringsLoaded(lng);
  i18next.on("languageChanged", (next) => {
    if (!i18next.hasResourceBundle(next, DEFAULT_NS)) {
      void loadLocaleFiles(next, scope()).then((res) => {
        i18next.addResourceBundle(next, DEFAULT_NS, res);
        if (scope() === "all") markStaffStringsLoaded(next);
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
