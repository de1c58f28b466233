// Fields take their direction from what is typed (issue 17): an English title typed into the Arabic form
// reads left to right from its first letter, an Arabic one on an English page right to left.
import i18next from "i18next";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { Field } from "./field.tsx";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: "ar", resources: { ar: { common: {} } }, defaultNS: "common" });
});

const render = (child: ReactElement) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Field id="f" label="Title">
        {child}
      </Field>
    </I18nextProvider>,
  );

describe("Field", () => {
  it("gives text inputs and text areas dir=auto", () => {
    expect(render(<input id="f" name="title" />)).toContain('dir="auto"');
    expect(render(<input id="f" type="email" name="email" />)).toContain('dir="auto"');
    expect(render(<textarea id="f" name="description" />)).toContain('dir="auto"');
  });

  it("keeps a direction the field sets itself, and leaves other controls alone", () => {
    const phone = render(<input id="f" type="tel" dir="ltr" name="phone" />);
    expect(phone).toContain('dir="ltr"');
    expect(phone).not.toContain('dir="auto"');
    expect(render(<input id="f" type="password" name="password" />)).not.toContain("dir=");
    expect(render(<input id="f" type="number" name="price" />)).not.toContain("dir=");
    expect(render(<select id="f" name="level" />)).not.toContain("dir=");
  });
});
