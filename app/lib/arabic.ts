// Arabic-aware search folding (D17). The same folding runs in the database as the generated column
// `courses.search_title` (db/schema/catalog.ts, `foldForSearchSql`): keep the two in step — the
// integration test tests/integration/arabic-fold.test.ts compares them on tricky strings.
//
// Steps, in order: Unicode NFKC; lower case; remove Arabic diacritics (tashkeel: U+064B–U+065F,
// U+0670, U+06D6–U+06ED), tatweel (U+0640) and invisible format marks (soft hyphen, Arabic letter mark,
// zero-width space/joiners, direction marks and isolates, BOM); fold alef forms (أ إ آ ٱ → ا),
// alef maqsura (ى → ي), ta marbuta (ة → ه) and hamza carriers (ؤ → و, ئ → ي); collapse whitespace to
// one space; trim.

/** Characters removed: tashkeel, tatweel and invisible format marks (a RegExp character class body). */
const FOLD_REMOVED_CLASS =
  "\\u064B-\\u065F\\u0670\\u06D6-\\u06ED\\u0640\\u00AD\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF";

/** Whitespace collapsed to one space (an explicit list, so that every database locale agrees). */
const FOLD_SPACE_CLASS = "\\t\\n\\v\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";

/** Letters folded one to one: FOLD_FROM[i] becomes FOLD_TO[i]. */
const FOLD_FROM = "\u0623\u0625\u0622\u0671\u0649\u0629\u0624\u0626"; // أ إ آ ٱ ى ة ؤ ئ
const FOLD_TO = "\u0627\u0627\u0627\u0627\u064A\u0647\u0648\u064A"; //   ا ا ا ا ي ه و ي

const REMOVED_RE = new RegExp(`[${FOLD_REMOVED_CLASS}]`, "gu");
const SPACE_RE = new RegExp(`[${FOLD_SPACE_CLASS}]+`, "gu");
const LETTERS = new Map<string, string>([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i] ?? ch]));
const LETTERS_RE = new RegExp(`[${FOLD_FROM}]`, "gu");

/**
 * Lower-cases one code point at a time, as PostgreSQL's lower() does (no context-dependent final
 * sigma; 'İ' becomes 'i', not 'i' + combining dot).
 */
function lowerCodePoints(text: string): string {
  let out = "";
  for (const ch of text) out += ch === "\u0130" ? "i" : ch.toLowerCase();
  return out;
}

/** Folds text for search: case-, tashkeel-, tatweel- and Arabic-letter-form-insensitive. */
export function foldForSearch(text: string): string {
  return lowerCodePoints(text.normalize("NFKC"))
    .replace(REMOVED_RE, "")
    .replace(LETTERS_RE, (ch) => LETTERS.get(ch) ?? ch)
    .replace(SPACE_RE, " ")
    .replace(/^ +| +$/g, "");
}
