// Codes people read aloud, copy by hand or type from a screenshot: enrollment references and recovery
// codes (issue 36 item 6). The alphabet leaves out the characters that are read as one another
// (0 and O, 1, I and L), so "ENR-…-O02LFH" can no longer be misheard on the phone; capitals only, so a
// code typed in small letters is the same code.
import { randomInt } from "node:crypto";

export const READABLE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `length` characters of the alphabet, each chosen uniformly by the operating system's random source. */
export function randomReadable(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)];
  return code;
}

/** A non-negative integer written in the alphabet (base 31): later numbers of one length sort later. */
export function encodeReadable(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a non-negative integer: ${value}`);
  const base = READABLE_ALPHABET.length;
  let rest = value;
  let code = "";
  do {
    code = READABLE_ALPHABET[rest % base] + code;
    rest = Math.floor(rest / base);
  } while (rest > 0);
  return code;
}

/** What a person may type for a code: the same letters in any case, with or without spaces and dashes. */
export function readableKey(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}
