// Arabic → Latin transliteration for slugs (issue 13 point 7). A deliberately simple, readable scheme
// in the Egyptian usage of the site's audience (ج → g, the article ال → "el-", و → o and ي → i when they
// are vowels): written Arabic carries no short vowels, so the result is a readable approximation, not a
// reversible romanisation. Only Arabic letters and digits change; everything else is left as it is.
//
//   تحليل البيانات باستخدام Excel وPower BI → "tahlil el-bayanat bastkhdam Excel wPower BI"
//
// Rules, per Arabic word:
// - diacritics (tashkeel), the superscript alef and tatweel are dropped; Arabic-Indic and Persian
//   digits become 0–9; the Arabic comma, semicolon, question mark and full stop become spaces;
// - the article: "ال…" → "el-…"; with a one-letter prefix "وال…" → "wel-…" (also ف ب ك), "لل…" → "lel-…";
// - و is "w" at the start of a word, after ا, or before ا ى ة ي; otherwise it is the vowel "o";
//   ي is "y" at the start of a word or before ا و ى ة ي; otherwise it is the vowel "i";
// - when a word starts with two consonants, an "a" goes between them ("تحليل" → "tahlil"), the most
//   common unwritten vowel, which keeps short words pronounceable;
// - a lone "و" ("and") is "wa"; "الله" is "allah".

/** One Latin spelling per Arabic letter (و and ي depend on their neighbours, see `letterAt`). */
const LETTERS: Readonly<Record<string, string>> = {
  "\u0621": "", // ء
  "\u0622": "a", // آ
  "\u0623": "a", // أ
  "\u0624": "o", // ؤ
  "\u0625": "e", // إ
  "\u0626": "e", // ئ
  "\u0627": "a", // ا
  "\u0628": "b", // ب
  "\u0629": "a", // ة
  "\u062A": "t", // ت
  "\u062B": "th", // ث
  "\u062C": "g", // ج
  "\u062D": "h", // ح
  "\u062E": "kh", // خ
  "\u062F": "d", // د
  "\u0630": "z", // ذ
  "\u0631": "r", // ر
  "\u0632": "z", // ز
  "\u0633": "s", // س
  "\u0634": "sh", // ش
  "\u0635": "s", // ص
  "\u0636": "d", // ض
  "\u0637": "t", // ط
  "\u0638": "z", // ظ
  "\u0639": "a", // ع
  "\u063A": "gh", // غ
  "\u0641": "f", // ف
  "\u0642": "q", // ق
  "\u0643": "k", // ك
  "\u0644": "l", // ل
  "\u0645": "m", // م
  "\u0646": "n", // ن
  "\u0647": "h", // ه
  "\u0649": "a", // ى
  "\u0671": "a", // ٱ
  "\u067E": "p", // پ
  "\u0686": "ch", // چ
  "\u0698": "zh", // ژ
  "\u06A4": "v", // ڤ
  "\u06A9": "k", // ک
  "\u06AF": "g", // گ
};

const WAW = "\u0648";
const YEH = new Set(["\u064A", "\u06CC"]); // ي ی
/** Letters after which و is a consonant (a long a before it: "طاولة" → "tawla"). */
const WAW_CONSONANT_AFTER = new Set(["\u0627"]);
/** Letters before which و is a consonant ("تطوير" → "tatwir"). */
const WAW_CONSONANT_BEFORE = new Set(["\u0627", "\u0649", "\u0629", "\u064A", "\u06CC"]);
/** Letters before which ي is a consonant ("بيانات" → "bayanat", "عربية" → "arabya"). */
const YEH_CONSONANT_BEFORE = new Set(["\u0627", "\u0648", "\u0649", "\u0629", "\u064A", "\u06CC"]);

/** Tashkeel, superscript alef, Quranic marks and tatweel: dropped. */
const MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/gu;
/** A run of Arabic letters (after MARKS are gone). */
const ARABIC_WORD = /[\u0621-\u064A\u0671-\u06D3\u06FA-\u06FF]+/gu;
/** Arabic punctuation that separates words: ، ؛ ؟ ۔ and the Arabic full stop. */
const ARABIC_PUNCTUATION = /[\u060C\u061B\u061F\u06D4]/gu;
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/gu;

/** Any letter, for telling a lone "و" from one written against a Latin word ("وPower"). */
const LETTER = /\p{L}/u;

function letterAt(word: string, i: number): string {
  const ch = word[i]!;
  const prev = i > 0 ? word[i - 1]! : undefined;
  const next = word[i + 1];
  if (ch === WAW) {
    return prev === undefined || WAW_CONSONANT_AFTER.has(prev) || (next !== undefined && WAW_CONSONANT_BEFORE.has(next))
      ? "w"
      : "o";
  }
  if (YEH.has(ch)) return prev === undefined || (next !== undefined && YEH_CONSONANT_BEFORE.has(next)) ? "y" : "i";
  return LETTERS[ch] ?? "";
}

const isVowel = (latin: string) => /^[aeiou]/.test(latin);

/** One word without its article: letters in turn, with an "a" between two leading consonants. */
function transliterateStem(word: string): string {
  const parts = Array.from(word, (_, i) => letterAt(word, i)).filter((p) => p !== "");
  if (parts.length >= 2 && !isVowel(parts[0]!) && !isVowel(parts[1]!)) parts.splice(1, 0, "a");
  return parts.join("");
}

/** A one-letter prefix that can come before the article: و ف ب ك. */
const ARTICLE_PREFIXES = new Set(["\u0648", "\u0641", "\u0628", "\u0643"]);
const ARTICLE = "\u0627\u0644"; // ال
const LIL = "\u0644\u0644"; // لل
const ALLAH = "\u0627\u0644\u0644\u0647"; // الله

function transliterateWord(word: string, alone: boolean): string {
  if (word === ALLAH) return "allah";
  if (word === WAW) return alone ? "wa" : "w";
  // The article needs at least two letters after it: "الف" is a word of its own.
  if (word.startsWith(ARTICLE) && word.length > 3) return `el-${transliterateStem(word.slice(2))}`;
  if (ARTICLE_PREFIXES.has(word[0]!) && word.startsWith(ARTICLE, 1) && word.length > 4) {
    return `${letterAt(word, 0)}el-${transliterateStem(word.slice(3))}`;
  }
  if (word.startsWith(LIL) && word.length > 3) return `lel-${transliterateStem(word.slice(2))}`;
  return transliterateStem(word);
}

/**
 * Arabic letters and digits in `text` written in Latin letters and ASCII digits (see the rules above);
 * the rest of the text is unchanged. Expects composed text (NFC/NFKC: "أ", not "ا" + hamza above).
 */
export function transliterateArabic(text: string): string {
  return text
    .replace(MARKS, "")
    .replace(ARABIC_DIGITS, (d) => {
      const code = d.codePointAt(0)!;
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    })
    .replace(ARABIC_PUNCTUATION, " ")
    .replace(ARABIC_WORD, (word, offset: number, whole: string) => {
      const before = whole[offset - 1];
      const after = whole[offset + word.length];
      const alone = !(before && LETTER.test(before)) && !(after && LETTER.test(after));
      return transliterateWord(word, alone);
    });
}
