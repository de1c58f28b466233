// Initials shown in place of a missing photo or thumbnail (instructor avatars, course rows). They are
// taken from the name as displayed — the Arabic name in the Arabic interface when there is one — so an
// Arabic page shows Arabic letters and an English page upper-case Latin ones.

/** Honorifics and titles that are not part of a name: "Dr.", "د.", "أ.د.", "المهندس"… (compared without dots). */
const TITLES = new Set([
  "dr",
  "prof",
  "mr",
  "mrs",
  "ms",
  "miss",
  "eng",
  "sir",
  "دكتور",
  "دكتورة",
  "الدكتور",
  "الدكتورة",
  "أستاذ",
  "أستاذة",
  "استاذ",
  "استاذة",
  "الأستاذ",
  "الأستاذة",
  "الاستاذ",
  "الاستاذة",
  "مهندس",
  "مهندسة",
  "المهندس",
  "المهندسة",
  "الشيخ",
  "شيخ",
]);

/** Links between names, skipped: "Mohamed bin Salman" → "MS", "Omar El Sayed" → "OS". */
const PARTICLES = new Set(["bin", "ibn", "bint", "al", "el", "de", "da", "di", "du", "van", "von", "بن", "ابن", "بنت", "ال"]);

/** First halves of compound names, kept with the word after them: "عبد الله", "Abdel Rahman", "أبو بكر". */
const COMPOUND_HEADS = new Set(["عبد", "أبو", "ابو", "abd", "abdel", "abdul", "abdal", "abu", "abou", "abo"]);

/** Tashkeel, superscript alef and tatweel. */
const MARKS = /[\u064B-\u065F\u0670\u0640]/gu;
const ARABIC_LETTER = /[\u0600-\u06FF]/u;
/** The Arabic article at the start of a word, when at least two letters follow: "السيد" → "سيد". */
const ARABIC_ARTICLE = /^\u0627\u0644(?=\p{L}{2})/u;
/** "El-Sayed", "al-Masri" → "Sayed", "Masri". */
const LATIN_ARTICLE = /^(?:al|el)-(?=\p{L})/iu;
/** Zero-width non-joiner: two Arabic initials stay two separate letters ("م‌ح", not the joined "مح"). */
const ZWNJ = "\u200C";

export interface InitialsOptions {
  /**
   * Which words give the letters: the first and the last name (people; the default) or the first two
   * words (titles: "English for Business" → "EF").
   */
  words?: "first-last" | "first-two";
  /** Letters taken from a single word: 1 for a person ("Ahmed" → "A"; the default), 2 for a title ("Python" → "PY"). */
  singleWord?: 1 | 2;
}

/** A token without its dots, lower-cased, for the word lists above. */
const bare = (token: string) => token.replace(/\./g, "").toLowerCase();

/** A title: a listed honorific, or one Arabic letter with a dot ("د.", "م.", "أ."). */
function isTitle(token: string): boolean {
  const word = bare(token);
  return TITLES.has(word) || (token.endsWith(".") && word.length === 1 && ARABIC_LETTER.test(word));
}

/** The letters of a word that count: without its article and anything before its first letter. */
function letters(word: string): string[] {
  const stem = word.replace(ARABIC_ARTICLE, "").replace(LATIN_ARTICLE, "");
  return Array.from(stem).filter((ch) => /\p{L}/u.test(ch));
}

function display(letter: string): string {
  if (ARABIC_LETTER.test(letter)) return letter;
  // Some letters upper-case to several characters ("ß" → "SS", "ΐ" → "Ϊ́"): those stay as they are.
  const upper = letter.toLocaleUpperCase("en").normalize("NFC");
  return Array.from(upper).length === 1 ? upper : letter;
}

/**
 * Up to two initials of `name` (the name as the page displays it), or '' when it has no letter:
 * "Dr. Ahmed El-Sayed" → "AS", "د. أحمد السيد" → "أ‌س" (the two Arabic letters kept apart by a
 * zero-width non-joiner), "عبد الرحمن محمد" → "ع‌م". Titles, links such as "bin" and the article
 * are skipped; a compound name such as "عبد الله" counts as one name.
 */
export function initials(name: string, options: InitialsOptions = {}): string {
  const { words: pick = "first-last", singleWord = 1 } = options;
  // "د.أحمد" and "Dr.Ahmed" are split after the dot.
  const tokens = name.normalize("NFKC").replace(MARKS, "").split(/\s+|(?<=\.)/u).filter((t) => letters(t).length > 0);
  const named = tokens.filter((t) => !isTitle(t));
  const source = named.length > 0 ? named : tokens;

  // Names: a compound head takes the next word with it; links between names are skipped (not a first word).
  const names: string[] = [];
  for (let i = 0; i < source.length; i++) {
    const token = source[i]!;
    if (names.length > 0 && PARTICLES.has(bare(token)) && i < source.length - 1) continue;
    names.push(token);
    if (COMPOUND_HEADS.has(bare(token))) {
      // "Abd El Rahman": the head, its link and the word after it are one name.
      let j = i + 1;
      while (j < source.length - 1 && PARTICLES.has(bare(source[j]!))) j++;
      if (j < source.length) i = j;
    }
  }

  let chosen: string[];
  if (names.length === 0) return "";
  if (names.length === 1) chosen = letters(names[0]!).slice(0, singleWord);
  else {
    const second = pick === "first-two" ? names[1]! : names[names.length - 1]!;
    chosen = [letters(names[0]!)[0]!, letters(second)[0]!];
  }
  const shown = chosen.map(display);
  const bothArabic = shown.length === 2 && shown.every((l) => ARABIC_LETTER.test(l));
  return shown.join(bothArabic ? ZWNJ : "");
}
