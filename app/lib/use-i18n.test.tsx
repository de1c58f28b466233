import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useI18n } from "./use-i18n.ts";

function Greeting({ name }: { name: string }) {
  const { t, i18n } = useI18n();
  return (
    <p lang={i18n.language}>
      {`${t("hello", { name })} ${t("only.en")}`}
    </p>
  );
}

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: "en",
    resources: { en: { common: { hello: "Hello {{name}}", only: { en: "fallback" } } }, ar: { common: { hello: "مرحبًا {{name}}" } } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe("useI18n", () => {
  it("translates with the provider's instance and language, falling back like i18next", async () => {
    const [en, ar] = await Promise.all([instance("en"), instance("ar")]);
    const render = (i18n: typeof en) => renderToString(<I18nextProvider i18n={i18n}><Greeting name="Mona" /></I18nextProvider>);
    expect(render(en)).toBe('<p lang="en">Hello Mona fallback</p>');
    expect(render(ar)).toBe('<p lang="ar">مرحبًا Mona fallback</p>');
  });

  it("follows a language change of the instance", async () => {
    const i18n = await instance("en");
    const render = () => renderToString(<I18nextProvider i18n={i18n}><Greeting name="Mona" /></I18nextProvider>);
    expect(render()).toContain("Hello Mona");
    await i18n.changeLanguage("ar");
    expect(render()).toContain("مرحبًا Mona");
  });

  it("keeps found strings, but not a missing key: strings added later show", async () => {
    const i18n = await instance("en");
    function Label({ k }: { k: string }) {
      const { t } = useI18n();
      return <b>{t(k)}</b>;
    }
    const render = (k: string) => renderToString(<I18nextProvider i18n={i18n}><Label k={k} /></I18nextProvider>);
    expect(render("later.title")).toBe("<b>later.title</b>");
    i18n.addResourceBundle("en", "common", { later: { title: "Arrived" } }, true, false);
    expect(render("later.title")).toBe("<b>Arrived</b>");
    expect(render("only.en")).toBe("<b>fallback</b>");
    expect(render("only.en")).toBe("<b>fallback</b>");
  });
});
