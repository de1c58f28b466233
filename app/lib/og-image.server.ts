// Makes the sharing images (app/lib/og-image.ts) once and keeps them under DATA_DIR/og-images:
// - a course's: its thumbnail (an upload or a demo image, read from storage, never fetched from elsewhere)
//   shown whole on a 1200×630 canvas, over a blurred, darkened fill of itself (a 4:3 thumbnail cropped to
//   1.9:1 lost its top and bottom, where the demo's letter badge sits: issue 36 item 9); for a course
//   without one, a generated branded card with the title and the brand;
// - the site's, one per language, for every public page without an image of its own (home, catalogues,
//   About, Services, Contact): the branded card with the site's tagline and the brand.
// A later request reads the kept file; a new version (thumbnail, title or brand changed) replaces the old file.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { DIR_MODE, FILE_MODE } from "./data-dir.server.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { OG_IMAGE, ogImageVersion, siteOgImageVersion, type OgImageSource } from "./og-image.ts";
import { MAX_INPUT_PIXELS, readPublicImage } from "./uploads.server.ts";

export interface OgImageInput extends OgImageSource {
  /** The brand name drawn on a generated card (in the course's language). */
  brand: string;
  /** The course's language: the card's text direction. */
  language: "en" | "ar";
}

/** The directory of kept images (DATA_DIR/og-images). */
export function ogImageDir(): string {
  return path.resolve(env().DATA_DIR, "og-images");
}

const slugDigest = (slug: string) => createHash("sha256").update(slug).digest("hex").slice(0, 24);

/** Files being made now, so that simultaneous first requests make one. */
const making = new Map<string, Promise<Buffer>>();

/** The JPEG for a course: the kept file, or made now and kept. */
export function courseOgImage(input: OgImageInput): Promise<Buffer> {
  return keptImage(`${slugDigest(input.slug)}-`, ogImageVersion(input), () => drawOgImage(input));
}

/** The site's JPEG in one language: `tagline` large, `brand` beneath (the kept file, or made now and kept). */
export function siteOgImage(input: { language: "en" | "ar"; brand: string; tagline: string }): Promise<Buffer> {
  const draw = () => sharp(Buffer.from(brandedCardSvg({ ...input, title: input.tagline }))).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return keptImage(`site-${input.language}-`, siteOgImageVersion(input.language, input.brand), draw);
}

/** The kept file `<prefix><version>.jpg`, or drawn now (once for simultaneous requests) and kept. */
async function keptImage(prefix: string, version: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const dir = ogImageDir();
  const file = path.join(dir, `${prefix}${version}.jpg`);
  const kept = await fs.readFile(file).catch(() => null);
  if (kept) return kept;
  let pending = making.get(file);
  if (!pending) {
    pending = (async () => {
      const jpeg = await draw();
      await keep(dir, file, prefix, jpeg);
      return jpeg;
    })().finally(() => making.delete(file));
    making.set(file, pending);
  }
  return pending;
}

/** Writes the file atomically (a temporary name, then rename) and removes the course's older versions. */
async function keep(dir: string, file: string, prefix: string, jpeg: Buffer): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true, mode: DIR_MODE });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, jpeg, { mode: FILE_MODE });
    await fs.rename(temporary, file);
    for (const name of await fs.readdir(dir)) {
      if (name.startsWith(prefix) && path.join(dir, name) !== file && name.endsWith(".jpg")) {
        await fs.rm(path.join(dir, name), { force: true });
      }
    }
  } catch (err) {
    // A read-only or full disk: the image is still answered, made again next time.
    logger.warn({ err, file }, "could not keep a sharing image");
  }
}

/** Draws the image: the thumbnail cropped to fill, or the branded card when there is none (or it is unreadable). */
export async function drawOgImage(input: OgImageInput): Promise<Buffer> {
  const thumbnail = await readPublicImage(input.thumbnailUrl).catch(() => null);
  if (thumbnail) {
    try {
      return await wholeOnFill(thumbnail);
    } catch (err) {
      logger.warn({ err, slug: input.slug }, "thumbnail unreadable for the sharing image; drawing the branded card");
    }
  }
  return sharp(Buffer.from(brandedCardSvg(input))).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/**
 * The thumbnail whole (never cropped), centred on the 1200×630 canvas, over a blurred and darkened copy of
 * itself that fills the sides: what the course's card shows is what a shared link shows.
 */
async function wholeOnFill(thumbnail: Buffer): Promise<Buffer> {
  const { width, height } = OG_IMAGE;
  const source = () => sharp(thumbnail, { limitInputPixels: MAX_INPUT_PIXELS }).flatten({ background: "#ffffff" });
  const [fill, whole] = await Promise.all([
    source().resize(width, height, { fit: "cover" }).blur(24).linear(0.55, 0).toBuffer(),
    source().resize(width, height, { fit: "inside" }).toBuffer(),
  ]);
  return sharp(fill).composite([{ input: whole, gravity: "centre" }]).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Splits a title into at most `max` lines of about `width` characters, the last one cut with an ellipsis. */
export function wrapTitle(title: string, width = 28, max = 3): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.trim().split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.slice(0, width - 1)}…`;
  return kept;
}

/** The branded card: the site's teal, the title large and centred, the brand beneath a rule. */
export function brandedCardSvg(input: Pick<OgImageInput, "title" | "brand" | "language">): string {
  const { width, height } = OG_IMAGE;
  const lines = wrapTitle(input.title);
  const lineHeight = 84;
  const top = 250 - ((lines.length - 1) * lineHeight) / 2;
  const direction = input.language === "ar" ? "rtl" : "ltr";
  const font = "Cairo, 'Noto Naskh Arabic', 'Noto Sans', 'DejaVu Sans', sans-serif";
  const text = lines
    .map((l, i) => `<text x="600" y="${top + i * lineHeight}" font-size="68" font-weight="700">${escapeXml(l)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="1100" cy="80" r="220" fill="#14b8a6" fill-opacity="0.18"/>
<circle cx="90" cy="600" r="180" fill="#5eead4" fill-opacity="0.12"/>
<g fill="#ffffff" font-family="${font}" text-anchor="middle" direction="${direction}">${text}</g>
<rect x="520" y="${top + lines.length * lineHeight - 20}" width="160" height="6" rx="3" fill="#5eead4"/>
<text x="600" y="${top + lines.length * lineHeight + 60}" fill="#ccfbf1" font-family="${font}" font-size="40" text-anchor="middle" direction="${direction}">${escapeXml(input.brand)}</text>
</svg>`;
}
