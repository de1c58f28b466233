// Demo images built from SVG in code and encoded as small WebP files with sharp.
// Initials are drawn with a tiny built-in stroke font (paths, not <text>), so the result does not depend on
// which fonts the machine has installed.
import sharp from "sharp";

export type Motif = "speech" | "code" | "chart" | "shapes" | "growth";

export const THUMBNAIL_WIDTH = 800;
export const THUMBNAIL_HEIGHT = 600;
export const PHOTO_SIZE = 400;
const WEBP_QUALITY = 70;

// ---------------------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------------------

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`Invalid colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes `hex` with `other` (0 = hex, 1 = other). */
function mix(hex: string, other: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(other);
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount]);
}

/** `hex` with its hue turned by `degrees` (saturation and lightness kept). */
export function rotateHue(hex: string, degrees: number): string {
  const [r, g, b] = parseHex(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return hex;
  const sat = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (((h * 60 + degrees) % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * sat;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return toHex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}

/** Small deterministic hash, used to vary the background pattern per course. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------------------
// Stroke font: A–Z on an 8 × 12 grid (y down), drawn with round caps
// ---------------------------------------------------------------------------------------------------------

const GLYPH_WIDTH = 8;
const GLYPH_HEIGHT = 12;
const GLYPH_GAP = 3.2;

const GLYPHS: Readonly<Record<string, string>> = {
  A: "M0 12 L4 0 L8 12 M1.4 8 L6.6 8",
  B: "M0 6 L5 6 Q8 6 8 9 Q8 12 5 12 L0 12 L0 0 L4.5 0 Q7.5 0 7.5 3 Q7.5 6 4.5 6",
  C: "M6.57 1.4 A4 6 0 1 0 6.57 10.6",
  D: "M0 0 L0 12 L3 12 Q8 12 8 6 Q8 0 3 0 Z",
  E: "M8 0 L0 0 L0 12 L8 12 M0 6 L6 6",
  F: "M8 0 L0 0 L0 12 M0 6 L6 6",
  G: "M6.57 1.4 A4 6 0 1 0 8 6 L4.5 6",
  H: "M0 0 L0 12 M8 0 L8 12 M0 6 L8 6",
  I: "M4 0 L4 12 M1.5 0 L6.5 0 M1.5 12 L6.5 12",
  J: "M7 0 L7 8.5 Q7 12 3.75 12 Q0.5 12 0.5 8.5",
  K: "M0 0 L0 12 M8 0 L0 7 M2.6 4.8 L8 12",
  L: "M0 0 L0 12 L8 12",
  M: "M0 12 L0 0 L4 8 L8 0 L8 12",
  N: "M0 12 L0 0 L8 12 L8 0",
  O: "M4 0 A4 6 0 1 1 4 12 A4 6 0 1 1 4 0 Z",
  P: "M0 12 L0 0 L5 0 Q8 0 8 3.25 Q8 6.5 5 6.5 L0 6.5",
  Q: "M4 0 A4 6 0 1 1 4 12 A4 6 0 1 1 4 0 Z M5 8.8 L8.4 12.4",
  R: "M0 12 L0 0 L5 0 Q8 0 8 3.25 Q8 6.5 5 6.5 L0 6.5 M4.5 6.5 L8 12",
  S: "M7.5 1.8 Q6.5 0 4 0 Q0.5 0 0.5 3 Q0.5 5.6 4 6 Q7.5 6.4 7.5 9 Q7.5 12 4 12 Q1.5 12 0.5 10.2",
  T: "M0 0 L8 0 M4 0 L4 12",
  U: "M0 0 L0 8 Q0 12 4 12 Q8 12 8 8 L8 0",
  V: "M0 0 L4 12 L8 0",
  W: "M0 0 L2 12 L4 4 L6 12 L8 0",
  X: "M0 0 L8 12 M8 0 L0 12",
  Y: "M0 0 L4 6 L8 0 M4 6 L4 12",
  Z: "M0 0 L8 0 L0 12 L8 12",
};

/** Up to two upper-case ASCII initials of a name ("Mona El-Sayed" → "ME"); non-ASCII letters are skipped. */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .map((w) => w.toUpperCase().replace(/[^A-Z]/g, ""))
    .filter((w) => w.length > 0);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return first + last;
}

/** SVG for `text` (A–Z only, others skipped) centred on (cx, cy) with cap height `height`. */
function strokeText(text: string, cx: number, cy: number, height: number, color: string): string {
  const letters = [...text.toUpperCase()].filter((c) => GLYPHS[c] !== undefined).slice(0, 3);
  if (letters.length === 0) return "";
  const scale = height / GLYPH_HEIGHT;
  const width = letters.length * GLYPH_WIDTH + (letters.length - 1) * GLYPH_GAP;
  const x0 = cx - (width * scale) / 2;
  const y0 = cy - height / 2;
  const strokeWidth = 1.45;
  const paths = letters
    .map((c, i) => `<path transform="translate(${i * (GLYPH_WIDTH + GLYPH_GAP)} 0)" d="${GLYPHS[c] ?? ""}"/>`)
    .join("");
  return (
    `<g transform="translate(${x0.toFixed(2)} ${y0.toFixed(2)}) scale(${scale.toFixed(4)})" fill="none" ` +
    `stroke="${color}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Course thumbnail
// ---------------------------------------------------------------------------------------------------------

/** White motif drawn in a 200 × 200 box at the origin. */
function motifSvg(motif: Motif, accent: string): string {
  const line = `fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"`;
  switch (motif) {
    case "speech":
      return (
        `<path d="M20 30 h110 a16 16 0 0 1 16 16 v54 a16 16 0 0 1 -16 16 h-62 l-30 26 v-26 h-18 a16 16 0 0 1 -16 -16 v-54 a16 16 0 0 1 16 -16 z" fill="#ffffff"/>` +
        `<circle cx="48" cy="73" r="8" fill="${accent}"/><circle cx="75" cy="73" r="8" fill="${accent}"/><circle cx="102" cy="73" r="8" fill="${accent}"/>` +
        `<path d="M166 84 h10 a16 16 0 0 1 16 16 v44 a16 16 0 0 1 -16 16 h-8 v22 l-26 -22 h-52 a16 16 0 0 1 -16 -16 v-12" fill="none" stroke="#ffffff" stroke-width="10" stroke-linejoin="round" stroke-linecap="round" opacity="0.85"/>`
      );
    case "code":
      return (
        `<path d="M62 50 L16 100 L62 150" ${line}/>` +
        `<path d="M138 50 L184 100 L138 150" ${line}/>` +
        `<path d="M116 36 L84 164" ${line} opacity="0.8"/>`
      );
    case "chart":
      return (
        `<rect x="20" y="120" width="30" height="60" rx="6" fill="#ffffff" opacity="0.75"/>` +
        `<rect x="66" y="95" width="30" height="85" rx="6" fill="#ffffff" opacity="0.85"/>` +
        `<rect x="112" y="70" width="30" height="110" rx="6" fill="#ffffff" opacity="0.9"/>` +
        `<rect x="158" y="40" width="30" height="140" rx="6" fill="#ffffff"/>` +
        `<path d="M20 96 L70 62 L112 78 L176 22" fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<path d="M150 22 L176 22 L176 48" fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`
      );
    case "shapes":
      return (
        `<circle cx="72" cy="78" r="56" fill="#ffffff" opacity="0.9"/>` +
        `<rect x="92" y="92" width="92" height="92" rx="12" fill="${accent}" opacity="0.9"/>` +
        `<path d="M60 186 L104 110 L148 186 Z" fill="none" stroke="#ffffff" stroke-width="10" stroke-linejoin="round"/>`
      );
    case "growth":
      return (
        `<path d="M16 184 H64 V140 H108 V96 H152 V52 H184" ${line}/>` +
        `<path d="M152 52 V14" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>` +
        `<path d="M152 14 L186 24 L152 36 Z" fill="${accent}"/>` +
        `<circle cx="40" cy="150" r="14" fill="#ffffff" opacity="0.85"/>`
      );
  }
}

function patternSvg(variant: number, w: number, h: number): string {
  switch (variant % 4) {
    case 3:
      return Array.from({ length: 6 }, (_, row) =>
        Array.from({ length: 4 }, (_, col) => {
          const size = 56;
          return `<rect x="${w - (col + 1) * 84}" y="${row * 84 + 14}" width="${size}" height="${size}" rx="12" fill="#ffffff" opacity="${(0.05 + ((row + col) % 3) * 0.03).toFixed(2)}"/>`;
        }).join(""),
      ).join("");
    case 0:
      return (
        `<defs><pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse">` +
        `<circle cx="18" cy="18" r="3" fill="#ffffff" opacity="0.16"/></pattern></defs>` +
        `<rect x="0" y="0" width="${w * 0.45}" height="${h}" fill="url(#p)"/>`
      );
    case 1:
      return [0, 1, 2, 3, 4]
        .map((i) => `<circle cx="${w * 0.08}" cy="${h * 0.92}" r="${90 + i * 70}" fill="none" stroke="#ffffff" stroke-width="14" opacity="${(0.12 - i * 0.018).toFixed(3)}"/>`)
        .join("");
    default:
      return Array.from({ length: 9 }, (_, i) => {
        const x = -h + i * 70;
        return `<path d="M${x} ${h} L${x + h} 0" stroke="#ffffff" stroke-width="18" opacity="0.07"/>`;
      }).join("");
  }
}

export interface ThumbnailOptions {
  /** Two gradient colours (#rrggbb). */
  colors: readonly [string, string];
  motif: Motif;
  /** Varies the background pattern (e.g. the course slug) when `variant` is not given. */
  seed?: string;
  /** The background pattern (0–3); courses of one category take different ones. */
  variant?: number;
  /** Optional short ASCII initials drawn in the corner (A–Z only). */
  initials?: string;
}

/** The course's initials in a rounded badge in the bottom corner. */
function initialsBadge(text: string, w: number, h: number, accent: string): string {
  const shown = [...text.toUpperCase()].filter((c) => GLYPHS[c] !== undefined).slice(0, 3);
  if (shown.length === 0) return "";
  const height = 54;
  const badgeW = shown.length * 50 + 56;
  const x = w - badgeW - 40;
  const y = h - height - 76;
  return (
    `<rect x="${x}" y="${y}" width="${badgeW}" height="${height + 44}" rx="24" fill="${accent}" opacity="0.55"/>` +
    strokeText(shown.join(""), x + badgeW / 2, y + (height + 44) / 2, height, "#ffffff")
  );
}

/**
 * Initials of a course from its slug (ASCII even for Arabic titles): an acronym-like first word whole
 * ("ui-ux-design" → "UI", "pmp-exam" → "PMP"), else the first letters of the first two words
 * ("machine-learning-foundations" → "ML"); linking words are skipped.
 */
export function courseInitials(slug: string): string {
  const words = slug
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !["a", "an", "and", "the", "for", "with", "of", "to", "in", "on"].includes(w));
  const first = words[0] ?? "";
  if (first.length > 0 && first.length <= 3) return first.toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

export function courseThumbnailSvg(opts: ThumbnailOptions): string {
  const w = THUMBNAIL_WIDTH;
  const h = THUMBNAIL_HEIGHT;
  const [c1, c2] = opts.colors;
  const variant = opts.variant ?? hash(opts.seed ?? "");
  const accent = mix(c1, "#000000", 0.15);
  const card = 280;
  const cardX = (w - card) / 2;
  const cardY = (h - card) / 2;
  const motifScale = 0.95;
  const motifOffset = (card - 200 * motifScale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">` +
    `<stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    patternSvg(variant, w, h) +
    `<circle cx="${w * 0.82}" cy="${h * 0.18}" r="${h * 0.45}" fill="url(#glow)"/>` +
    `<rect x="${cardX}" y="${cardY}" width="${card}" height="${card}" rx="48" fill="#ffffff" opacity="0.14"/>` +
    `<g transform="translate(${cardX + motifOffset} ${cardY + motifOffset}) scale(${motifScale})">${motifSvg(opts.motif, accent)}</g>` +
    (opts.initials ? initialsBadge(opts.initials, w, h, accent) : "") +
    `</svg>`
  );
}

/**
 * An 800 × 600 WebP course thumbnail (the size of an uploaded one). Encoded with low effort: about
 * 75 ms each instead of 150 ms, a few KB larger (~9 KB), so the whole demo set takes about a second.
 */
export async function courseThumbnail(opts: ThumbnailOptions): Promise<Buffer> {
  return sharp(Buffer.from(courseThumbnailSvg(opts)))
    .resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT)
    .webp({ quality: WEBP_QUALITY, effort: 1 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------------
// Instructor photo
// ---------------------------------------------------------------------------------------------------------

export interface PhotoOptions {
  /** The instructor's name (kept for callers; the portrait draws no letters). */
  name: string;
  /** Avatar colour (#rrggbb). */
  color: string;
}

export function instructorPhotoSvg(opts: PhotoOptions): string {
  const s = PHOTO_SIZE;
  const light = mix(opts.color, "#ffffff", 0.85);
  const top = mix(opts.color, "#ffffff", 0.2);
  const bottom = mix(opts.color, "#000000", 0.2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
    `<defs><linearGradient id="a" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="${s}" height="${s}" fill="${light}"/>` +
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.44}" fill="url(#a)"/>` +
    `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.44 - 10}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.35"/>` +
    // A head-and-shoulders figure, not letters: the photo is shown on Arabic and English pages alike.
    `<circle cx="${s / 2}" cy="${s * 0.4}" r="${s * 0.13}" fill="#ffffff" opacity="0.92"/>` +
    `<path d="M${s * 0.24} ${s * 0.8} Q${s * 0.24} ${s * 0.58} ${s / 2} ${s * 0.58} Q${s * 0.76} ${s * 0.58} ${s * 0.76} ${s * 0.8} Z" fill="#ffffff" opacity="0.92"/>` +
    `</svg>`
  );
}

/** A 400 × 400 WebP demo portrait: a figure on a coloured circle (no letters, so no language). */
export async function instructorPhoto(opts: PhotoOptions): Promise<Buffer> {
  return sharp(Buffer.from(instructorPhotoSvg(opts)))
    .resize(PHOTO_SIZE, PHOTO_SIZE)
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}
