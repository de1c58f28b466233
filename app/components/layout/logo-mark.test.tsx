import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOGO_MARK_PATHS, LogoMark } from "./logo-mark.tsx";

const favicon = fs.readFileSync("public/favicon.svg", "utf8");

describe("LogoMark", () => {
  it("is a decorative SVG with no text, in the site's teal", () => {
    const html = renderToStaticMarkup(<LogoMark size={28} />);
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(html).toContain('width="28"');
    expect(html).not.toMatch(/<text|<title/);
    expect(html).toContain(`fill="${LOGO_MARK_PATHS.background}"`);
  });

  it("is the same drawing as /favicon.svg", () => {
    expect(favicon).toContain(`fill="${LOGO_MARK_PATHS.background}"`);
    expect(favicon).toContain(`d="${LOGO_MARK_PATHS.leftPage}"`);
    expect(favicon).toContain(`d="${LOGO_MARK_PATHS.rightPage}"`);
    expect(favicon).toContain(`r="${LOGO_MARK_PATHS.dot.r}"`);
    expect(favicon).not.toMatch(/<text/);
  });

  it("the emails' PNG (public/images/logo-mark.png) is /favicon.svg rasterised at 96 × 96", async () => {
    const png = sharp("public/images/logo-mark.png");
    const meta = await png.metadata();
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([96, 96]);
    const [a, b] = await Promise.all([
      png.ensureAlpha().raw().toBuffer(),
      sharp(Buffer.from(favicon), { density: 576 }).resize(96, 96).ensureAlpha().raw().toBuffer(),
    ]);
    expect(a.length).toBe(b.length);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
    // Palette quantisation only: on average under 4 levels per channel.
    expect(diff / a.length).toBeLessThan(4);
  });
});
