// CSV cells as every export writes them (enrollments, payments): RFC 4180 quoting, formula-looking text
// neutralised, phones kept as dialable text.
import { EGYPT_DIAL_CODE, formatPhone, isE164, toE164 } from "./phone.ts";

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A text
 * a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading
 * apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? "";
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * A phone cell a spreadsheet keeps as text and a phone can dial as it stands (issue 36 item 16): an
 * Egyptian number in its national form, "010 1234 5678"; any other in the international form dialled
 * from Egypt, "00966 50 123 4567". The spaces keep a sheet from reading it as a number (which would drop
 * the leading 0 or write 2.01E+11), and the cell never starts with "+", so no apostrophe and no invisible
 * direction marks travel into a dialler. Anything else in the column (a number stored before D26) is an
 * ordinary cell, neutralised like the rest.
 */
export function csvPhoneCell(value: string | null | undefined): string {
  const v = value?.trim() ?? "";
  const e164 = isE164(v) ? v : v && toE164(v);
  if (!e164) return csvCell(value);
  const grouped = formatPhone(e164);
  if (grouped.startsWith(`${EGYPT_DIAL_CODE} `)) return `0${grouped.slice(EGYPT_DIAL_CODE.length + 1)}`;
  return grouped.includes(" ") ? `00${grouped.slice(1)}` : `00${e164.slice(1, 3)} ${e164.slice(3)}`;
}
