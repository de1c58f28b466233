// The instructor one-time password (SPEC §9, D7): generated from letters and digits with crypto.randomInt,
// stored as an Argon2id hash for sign-in and, beside it, as an AES-256-GCM copy under a key derived from
// the server secret, so that authorised staff can show a still-active password again. The copy is bound
// to its instructor (additional authenticated data): a ciphertext moved to another row does not open.
import crypto from "node:crypto";
import { generatePassword } from "~/lib/password.server.ts";
import { purposeKey, serverSecret } from "~/lib/secret.server.ts";

/** SPEC §9: 8 characters of letters and digits (look-alikes such as O/0 and l/1 left out). */
export const INSTRUCTOR_PASSWORD_LENGTH = 8;
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";
const DIGITS = "23456789";

/** A fresh one-time password: 8 letters and digits, at least one of each, uniformly shuffled. */
export function generateInstructorPassword(length = INSTRUCTOR_PASSWORD_LENGTH): string {
  return generatePassword({ length, classes: [LETTERS, DIGITS] });
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The key of this purpose only (app/lib/secret.server.ts). */
const keyFor = (secret: string) => purposeKey("instructor-account-password/v1", secret);

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM with `context` (the instructor id) authenticated. */
export function sealPassword(password: string, context: string, secret: string = serverSecret()): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export class SealedPasswordError extends Error {
  override name = "SealedPasswordError";
}

/**
 * Opens a sealed password. Throws SealedPasswordError when the text is malformed, was changed, belongs
 * to another instructor, or was sealed under another secret.
 */
export function openPassword(sealed: string, context: string, secret: string = serverSecret()): string {
  const [version, ivText, tagText, bodyText, ...rest] = sealed.split(".");
  if (version !== VERSION || ivText === undefined || tagText === undefined || bodyText === undefined || rest.length > 0) {
    throw new SealedPasswordError("malformed sealed password");
  }
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealedPasswordError("malformed sealed password");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(secret), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
  } catch (err) {
    throw new SealedPasswordError("sealed password does not authenticate", { cause: err });
  }
}
