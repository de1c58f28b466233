// A small email layout for both languages: an HTML version with inline styles (mail clients ignore
// <style> blocks and external CSS) and a plain-text version with the same content. Every value passed
// in is treated as untrusted text and HTML-escaped; line breaks in paragraphs and field values are kept.
// The header shows the site's logo mark as a PNG at an absolute URL of the site (EMAIL_LOGO_PATH): many
// clients (Gmail, Outlook) block SVG and strip data: URIs, and a CID attachment would add its bytes to
// every message; a small PNG served by the site shows wherever the client loads images, and the brand
// name beside it carries the header when it does not.
import { env } from "~/lib/env.server.ts";

/** A translation function fixed to the email's language (values are not escaped: the layout escapes). */
export type EmailT = (key: string, options?: Record<string, unknown>) => string;

/** What a template gives the outbox. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailLayoutInput {
  locale: "en" | "ar";
  brand: string;
  heading: string;
  paragraphs: string[];
  /** Links after the paragraphs: `label` is what the reader sees (the address itself when they are one). */
  links?: { label: string; url: string }[];
  /** Paragraphs after the links. */
  closing?: string[];
  fields?: { label: string; value: string }[];
  footer?: string;
  /** Absolute URL of the logo PNG; by default the site's own (PUBLIC_URL + EMAIL_LOGO_PATH). */
  logoUrl?: string;
}

/** The logo mark rasterised from public/favicon.svg (96 × 96, shown at 32 × 32 for sharp high-DPI screens). */
export const EMAIL_LOGO_PATH = "/images/logo-mark.png";

export function emailLogoUrl(): string {
  return new URL(EMAIL_LOGO_PATH, `${env().PUBLIC_URL}/`).toString();
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * An identifier (an enrollment reference) inside an Arabic email's text: wrapped in a left-to-right isolate
 * (U+2066 … U+2069), so "ENR-…-4TZP8N." keeps its order and its full stop stays outside it. The HTML part
 * turns the isolate into a left-to-right span (escapeMultiline); the text part keeps the marks.
 */
export function ltrToken(value: string, locale: "en" | "ar"): string {
  return locale === "ar" ? `\u2066${value}\u2069` : value;
}

/** Escapes, turns line breaks into <br> and left-to-right isolates into spans that say so. */
function escapeMultiline(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, "\n"))
    .replace(/\n/g, "<br>")
    .replace(/\u2066([^\u2066\u2069]*)\u2069/g, '<span dir="ltr" style="unicode-bidi:isolate;">$1</span>');
}

/**
 * A value's second and later lines, indented under its label in the plain-text part: a visitor's message
 * cannot write a line that reads as another field ("Enrollment ID: …") of the fixed structure (issue 34).
 */
export function indentContinuation(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(/\n/g, "\n    | ");
}

export function renderEmailLayout(input: EmailLayoutInput): { text: string; html: string } {
  const { locale, brand, heading, paragraphs, links = [], closing = [], fields = [], footer, logoUrl = emailLogoUrl() } = input;
  for (const l of links) {
    if (!/^https?:$/.test(new URL(l.url).protocol)) throw new Error(`an email link must be http(s): ${l.url}`);
  }
  const dir = locale === "ar" ? "rtl" : "ltr";
  const align = dir === "rtl" ? "right" : "left";
  const fontFamily =
    locale === "ar"
      ? "Tahoma, 'Segoe UI', Arial, sans-serif"
      : "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

  // Plain text.
  const textParts: string[] = [brand, "", heading, "=".repeat(Math.min(Math.max(heading.length, 3), 60)), ""];
  for (const p of paragraphs) textParts.push(p, "");
  for (const l of links) textParts.push(l.label === l.url ? l.url : `${l.label}: ${l.url}`, "");
  for (const p of closing) textParts.push(p, "");
  if (fields.length) {
    for (const f of fields) textParts.push(`${f.label}: ${indentContinuation(f.value)}`);
    textParts.push("");
  }
  if (footer) textParts.push("--", footer);
  const text = textParts.join("\n").replace(/\n+$/, "") + "\n";

  // HTML.
  const cell = `padding:6px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top;text-align:${align};`;
  const fieldRows = fields
    .map(
      (f) =>
        `<tr><th scope="row" style="${cell}font-weight:600;color:#374151;white-space:nowrap;">${escapeHtml(f.label)}</th>` +
        `<td style="${cell}color:#111827;">${escapeMultiline(f.value)}</td></tr>`,
    )
    .join("");
  const html = [
    "<!doctype html>",
    `<html lang="${locale}" dir="${dir}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title>`,
    "</head>",
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:${fontFamily};" dir="${dir}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0;">`,
    "<tr><td align=\"center\">",
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:600px;background:#ffffff;border-radius:8px;text-align:${align};">`,
    `<tr><td style="padding:16px 24px;background:#115e59;color:#ffffff;font-size:18px;font-weight:700;line-height:32px;border-radius:8px 8px 0 0;text-align:${align};">` +
      // alt="": the brand name is written right beside the mark.
      `<img src="${escapeHtml(logoUrl)}" width="32" height="32" alt="" style="display:inline-block;width:32px;height:32px;border:0;vertical-align:middle;margin-${align === "left" ? "right" : "left"}:10px;">` +
      `<span style="vertical-align:middle;">${escapeHtml(brand)}</span></td></tr>`,
    `<tr><td style="padding:24px;color:#111827;font-size:16px;line-height:1.6;text-align:${align};">`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827;">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 12px;">${escapeMultiline(p)}</p>`),
    ...links.map(
      (l) =>
        // An address shown as itself reads left to right inside an Arabic paragraph too.
        `<p style="margin:0 0 12px;"><a href="${escapeHtml(l.url)}"${l.label === l.url ? ' dir="ltr"' : ""} ` +
        `style="color:#115e59;font-weight:600;text-decoration:underline;word-break:break-all;">${escapeHtml(l.label)}</a></p>`,
    ),
    ...closing.map((p) => `<p style="margin:0 0 12px;">${escapeMultiline(p)}</p>`),
    fieldRows
      ? `<table role="presentation" cellpadding="0" cellspacing="0" dir="${dir}" style="width:100%;margin:16px 0;border-collapse:collapse;font-size:15px;">${fieldRows}</table>`
      : "",
    "</td></tr>",
    footer
      ? `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:13px;line-height:1.5;text-align:${align};">${escapeMultiline(footer)}</td></tr>`
      : "",
    "</table>",
    "</td></tr>",
    "</table>",
    "</body>",
    "</html>",
  ]
    .filter(Boolean)
    .join("\n");

  return { text, html };
}
