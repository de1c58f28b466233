import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_NS, isLocale, LOCALES } from "./lib/i18n.ts";

// Only the page's language is downloaded; the other loads on demand when the visitor switches.
const bundles = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

async function loadLocale(lng: string): Promise<Record<string, unknown>> {
  const loads = Object.entries(bundles)
    .filter(([path]) => path.startsWith(`./locales/${lng}/`))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads)));
}

async function main() {
  const htmlLang = document.documentElement.lang;
  const lng = isLocale(htmlLang) ? htmlLang : "en";
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    supportedLngs: [...LOCALES],
    defaultNS: DEFAULT_NS,
    ns: [DEFAULT_NS],
    resources: { [lng]: { [DEFAULT_NS]: await loadLocale(lng) } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  i18next.on("languageChanged", (next) => {
    if (!i18next.hasResourceBundle(next, DEFAULT_NS)) {
      void loadLocale(next).then((res) => {
        i18next.addResourceBundle(next, DEFAULT_NS, res);
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
