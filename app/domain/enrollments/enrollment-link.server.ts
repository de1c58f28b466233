// The student's own link to their enrollment (issue 37 item 3): /{en|ar}/enrollment/<reference>?t=<token>.
// The token is an HMAC of the reference under a key derived from the server secret for this purpose only:
// unguessable (128 bits), nothing stored, valid as long as the secret, the same on every instance. It is
// checked in constant time, and a wrong token, an unknown reference or a malformed one all answer the same
// 404, so the page tells nobody which references exist.
import crypto from "node:crypto";
import { localePath } from "~/lib/locale-url.ts";
import type { Locale } from "~/lib/i18n.ts";
import { purposeKey, serverSecret } from "~/lib/secret.server.ts";

const keyFor = (secret: string) => purposeKey("enrollment-page/v1", secret);

/** What a reference looks like (ENR-…, the readable alphabet; the demo's ENR-SEED-…). */
const REFERENCE = /^ENR-[A-Z0-9-]{4,40}$/;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The token of an enrollment's page: 16 bytes of HMAC-SHA-256, base64url (22 characters). */
export function enrollmentToken(reference: string, secret: string = serverSecret()): string {
  return crypto.createHmac("sha256", keyFor(secret)).update(reference).digest().subarray(0, 16).toString("base64url");
}

/** Whether `token` opens the page of `reference` (constant time; false for anything malformed). */
export function verifyEnrollmentToken(reference: string, token: string | null | undefined, secret: string = serverSecret()): boolean {
  if (!REFERENCE.test(reference) || typeof token !== "string" || !TOKEN.test(token)) return false;
  return crypto.timingSafeEqual(Buffer.from(enrollmentToken(reference, secret)), Buffer.from(token));
}

/** The page's path in a language, with its token. */
export function enrollmentPagePath(locale: Locale, reference: string, secret: string = serverSecret()): string {
  return `${localePath(locale, `/enrollment/${encodeURIComponent(reference)}`)}?t=${enrollmentToken(reference, secret)}`;
}

/** A payment receipt's page (issue 37 item 6): under the enrollment's page, opened by the same token. */
export function receiptPagePath(locale: Locale, reference: string, receiptNumber: string, secret: string = serverSecret()): string {
  const path = localePath(locale, `/enrollment/${encodeURIComponent(reference)}/receipt/${encodeURIComponent(receiptNumber)}`);
  return `${path}?t=${enrollmentToken(reference, secret)}`;
}

/** The page's absolute URL (emails). */
export function enrollmentPageUrl(origin: string, locale: Locale, reference: string, secret: string = serverSecret()): string {
  return new URL(enrollmentPagePath(locale, reference, secret), origin).toString();
}
