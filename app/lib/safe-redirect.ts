// The one check for a redirect target that comes from the request (`/api/language?to=`, the login `from`,
// …): it must name a page of this site. The target is resolved as a browser resolves a Location header
// (`new URL(target, origin)`: dot segments, `%2e`, backslashes, tabs and newlines are all normalised
// first), then the result is checked, and checked again after each level of percent-decoding, so neither
// the browser nor a proxy or server that decodes the path once more can turn it into another host.
// No server imports: the login form uses it too.

/** A placeholder origin: only the path, query and hash of the result are used. */
const BASE = "http://same-origin.invalid";
const MAX_LENGTH = 2000;
/** How many levels of percent-encoding are unwrapped before a target counts as too obscure. */
const MAX_DECODE = 4;

/**
 * Characters a same-site path never needs in its raw form: C0/C1 controls, DEL, any whitespace (the URL
 * parser drops tabs and newlines, so `/\t/evil` would become `//evil`), backslashes (read as `/`), and
 * slash look-alikes (fraction slash, division slash, fullwidth and small solidi, big solidi and reverse solidi).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\s\\\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c\ufeff\u200b-\u200f\u2028-\u202e\u2060-\u2064]/u;

/** A path is refused when, at any decoding level, it holds a forbidden character, an empty or dot segment. */
function unsafePath(path: string): boolean {
  if (!path.startsWith("/") || FORBIDDEN.test(path)) return true;
  // `//`, `/./`, `/../` anywhere (an empty segment is how `/x/..//evil` becomes `//evil`).
  if (path.split("/").slice(1).some((segment, i, all) => segment === "." || segment === ".." || (segment === "" && i < all.length - 1))) {
    return true;
  }
  try {
    const again = new URL(path, BASE);
    return again.origin !== BASE || again.pathname.startsWith("//");
  } catch {
    return true;
  }
}

/**
 * The same-origin path (`/path?query#hash`) a user-supplied redirect target names, or null when it names
 * anything else or is not plainly a path of this site: `//evil.example`, `/\evil.example`, `https:evil.example`,
 * `javascript:…`, `/.//evil.example`, `/x/..//evil.example`, `/%2e//evil.example`, `/%2f%2fevil.example`,
 * `/%5cevil.example`, controls and whitespace, slash look-alikes, double encodings of all of these.
 */
export function sameOriginPath(target: unknown): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return null;
  // Plainly a path: one slash first, then anything but a second slash or a backslash.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\") || FORBIDDEN.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.username || url.password) return null;
  // The path as the browser will request it, then as anything that decodes it again would read it.
  let path = url.pathname;
  for (let level = 0; ; level += 1) {
    if (unsafePath(path)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null; // a malformed escape: not a path we wrote
    }
    if (decoded === path) break;
    if (level >= MAX_DECODE) return null;
    path = decoded;
  }
  const result = `${url.pathname}${url.search}${url.hash}`;
  // The serialised result, read back, is the same place (belt and braces against parser differences).
  const check = new URL(result, BASE);
  if (check.origin !== BASE || check.pathname !== url.pathname) return null;
  return result;
}

/** `sameOriginPath(target)`, or `fallback` (a path of ours, never user input) when the target is refused. */
export function safeRedirect(target: unknown, fallback = "/"): string {
  return sameOriginPath(target) ?? fallback;
}
