import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
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
