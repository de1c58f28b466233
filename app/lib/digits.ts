// D26: one digit system. The interface writes Western digits (0–9) in both languages (see intlLocale in
// format.ts); what a user types may use an Arabic keyboard's digits, which are accepted and folded here
// before any check (zod schemas on the server and in admin forms, the public forms' zod-free rules).
// No imports: the public pages' browser code uses it.

/**
 * Arabic-Indic digits (U+0660–U+0669, "٠١٢٣٤٥٦٧٨٩") and Extended Arabic-Indic (Persian/Urdu) digits
 * (U+06F0–U+06F9, "۰۱۲۳۴۵۶۷۸۹") become 0–9, and the Arabic decimal separator "٫" (U+066B) becomes ".".
 * Everything else is left as it is (the Arabic thousands separator "٬" too, as "," is not accepted in a
 * number either).
 */
export function toWesternDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (code === 0x066b) return ".";
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** For z.preprocess on numeric form fields: a string has its digits folded, anything else passes through. */
export function westernDigitsInput<T>(value: T): T {
  return (typeof value === "string" ? toWesternDigits(value) : value) as T;
}

/** True when the text holds any Arabic-Indic or Extended Arabic-Indic digit. */
export function hasEasternDigits(value: string): boolean {
  return /[\u0660-\u0669\u06f0-\u06f9]/.test(value);
}
