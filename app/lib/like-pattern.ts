/**
 * A LIKE pattern that finds `text` anywhere in a column, with LIKE's wildcards (and its escape character,
 * backslash) in `text` matched literally. `text` is already folded the way the searched column is
 * (foldForSearch in arabic.ts); the trigram indexes on the folded columns serve such patterns.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
