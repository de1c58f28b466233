import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isCurrentPath, SiteLink } from "./site-link.tsx";

describe("isCurrentPath (NavLink's rule)", () => {
  it("marks the same path, whatever its letter case, and ignores the link's query", () => {
    expect(isCurrentPath("/en/about", "/en/about")).toBe(true);
    expect(isCurrentPath("/EN/About", "/en/about")).toBe(true);
    expect(isCurrentPath("/en/courses", "/en/courses?category=it")).toBe(true);
    expect(isCurrentPath("/en/contact", "/en/about")).toBe(false);
  });

  it("marks pages under the link unless `end`, and never a mere prefix of a segment", () => {
    expect(isCurrentPath("/en/about/team", "/en/about")).toBe(true);
    expect(isCurrentPath("/en/about/team", "/en/about", true)).toBe(false);
    expect(isCurrentPath("/en/aboutus", "/en/about")).toBe(false);
    expect(isCurrentPath("/en/courses/x", "/en", true)).toBe(false);
    expect(isCurrentPath("/en", "/en", true)).toBe(true);
  });
});

describe("SiteLink", () => {
  it("renders an ordinary link that React Router can discover, marked when current", () => {
    const html = renderToString(
      <>
        <SiteLink to="/ar/about" current className="nav-link">
          من نحن
        </SiteLink>
        <SiteLink to="/ar/contact">اتصل بنا</SiteLink>
      </>,
    );
    expect(html).toBe(
      '<a class="nav-link" href="/ar/about" aria-current="page" data-discover="true">من نحن</a>' +
        '<a href="/ar/contact" data-discover="true">اتصل بنا</a>',
    );
  });
});
