import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/index.ts";
import { Email } from "./email.tsx";

describe("Email", () => {
  it("offers a line break after @ and after each dot, and nowhere else", () => {
    const html = renderToStaticMarkup(<Email value="rania.hassan@mail.example.com" />);
    expect(html).toBe('<bdi dir="ltr" class="[overflow-wrap:anywhere]">rania.<wbr/>hassan@<wbr/>mail.<wbr/>example.<wbr/>com</bdi>');
  });

  it("keeps the address's text whole, left to right", () => {
    const html = renderToStaticMarkup(<Email value="a@b" className="text-xs" />);
    expect(html.replace(/<wbr\/>/g, "")).toContain(">a@b</bdi>");
    expect(html).toContain('dir="ltr"');
  });
});

// Issue 34 item 7: a look-alike address (a Cyrillic "а" in "exаmple.com") is shown flagged, its domain in
// punycode, the warning named in the page's language.
describe("Email with an address that mixes alphabets", () => {
  async function render(value: string, lng: "en" | "ar") {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources, defaultNS: "common", interpolation: { escapeValue: false }, initAsync: false });
    return renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <Email value={value} />
      </I18nextProvider>,
    );
  }

  it.each([
    ["en", "This address mixes alphabets", "Mixed alphabets"],
    ["ar", "يجمع هذا العنوان بين حروف من أبجديات مختلفة", "أبجديات مختلطة"],
  ] as const)("shows the punycode domain and a labelled marker (%s)", async (lng, label, short) => {
    const html = await render("admin@ex\u0430mple.com", lng);
    expect(html.replace(/<wbr\/>/g, "")).toContain(">admin@xn--exmple-4nf.com</bdi>");
    expect(html).not.toContain("ex\u0430mple");
    expect(html).toContain(`role="img" aria-label="${label}" title="${label}"`);
    expect(html).toContain(`${short}</span>`);
  });

  it("adds nothing to a one-script address, Arabic domains included, and drops direction controls", async () => {
    expect(await render("info@مثال.مصر", "ar")).not.toContain("data-mixed-script");
    const html = await render("\u202Emoc.elpmaxe@nimda", "en");
    expect(html).not.toContain("\u202E");
    expect(html).not.toContain("data-mixed-script");
  });
});
