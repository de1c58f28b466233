import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOGO_MARK_SRC, LogoMark } from "./logo-mark.tsx";

const favicon = fs.readFileSync("public/favicon.svg", "utf8");

describe("LogoMark", () => {
  it("is the favicon as a decorative, sized image", () => {
    const html = renderToStaticMarkup(<LogoMark size={28} />);
    expect(LOGO_MARK_SRC).toBe("/favicon.svg");
    expect(html).toContain('src="/favicon.svg"');
    expect(html).toContain('alt=""');
    expect(html).toContain('width="28"');
    expect(html).toContain('height="28"');
  });

  it("/favicon.svg is a geometric mark in the site's teal with no text", () => {
    expect(favicon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32">/);
    expect(favicon).toContain('fill="#115e59"');
    expect(favicon).not.toMatch(/<text|<image|href=/);
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
