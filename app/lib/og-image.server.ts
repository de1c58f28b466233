// Makes a course's sharing image (app/lib/og-image.ts) once and keeps it under DATA_DIR/og-images: the
// thumbnail (an upload or a demo image, read from storage, never fetched from elsewhere) cropped to
// 1200×630, or, for a course without one, a generated branded card with the title and the brand. A later
// request reads the kept file; a new version (thumbnail or title changed) replaces the course's old file.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { DIR_MODE, FILE_MODE } from "./data-dir.server.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { OG_IMAGE, ogImageVersion, type OgImageSource } from "./og-image.ts";
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

/** The JPEG for `input`: the kept file, or made now and kept. */
export async function courseOgImage(input: OgImageInput): Promise<Buffer> {
  const dir = ogImageDir();
  const prefix = `${slugDigest(input.slug)}-`;
  const file = path.join(dir, `${prefix}${ogImageVersion(input)}.jpg`);
  const kept = await fs.readFile(file).catch(() => null);
  if (kept) return kept;
  let pending = making.get(file);
  if (!pending) {
    pending = (async () => {
      const jpeg = await drawOgImage(input);
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
      return await sharp(thumbnail, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize(OG_IMAGE.width, OG_IMAGE.height, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch (err) {
      logger.warn({ err, slug: input.slug }, "thumbnail unreadable for the sharing image; drawing the branded card");
    }
  }
  return sharp(Buffer.from(brandedCardSvg(input))).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
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
export function brandedCardSvg(input: OgImageInput): string {
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
