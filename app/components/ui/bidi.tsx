import type { TFunction } from "i18next";
import { Fragment, isValidElement, type ReactNode } from "react";
import { withoutDirectionControls } from "~/lib/direction-controls.ts";

// Mixed-direction text (issue 13 point 5). Two kinds of values end up inside the interface's text:
// - user content (titles, names, subjects): its direction is its own, whatever the page's. A block holding
//   one such value gets dir="auto"; a value inside a sentence is wrapped in <bdi> (see `tIsolated`), so
//   "تحليل البيانات باستخدام Excel وPower BI" reads right to left on an English page, an English title left
//   to right on an Arabic one, and the punctuation after it stays where the sentence put it.
// - identifiers (enrollment IDs, emails, phone numbers, URLs, slugs): always left to right, isolated from
//   the text around them and never broken across lines (`Ltr`).

/**
 * An identifier as one left-to-right token: isolated (<bdi dir="ltr">) and kept on one line. `truncate`
 * cuts a long value (an email in a narrow table cell) with an ellipsis instead, the full value in a tooltip.
 */
export function Ltr({
  children,
  className,
  truncate = false,
  title,
}: {
  children: ReactNode;
  className?: string;
  truncate?: boolean;
  title?: string;
}) {
  // A table cell grows to fit its content: there the width limit is given here (className "max-w-…").
  const limit = className?.includes("max-w-") ? "" : " max-w-full";
  const classes = ["whitespace-nowrap", truncate ? `inline-block truncate align-bottom${limit}` : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <bdi dir="ltr" className={classes} title={title ?? (truncate && typeof children === "string" ? children : undefined)}>
      {children}
    </bdi>
  );
}

/**
 * Wraps a value in Unicode isolates (FSI … PDI), for plain text that is shown but cannot hold elements (the
 * document <title>). Accessible names (aria-label, alt) are not laid out, so they need none. The value's
 * own direction controls go first (displayText): an override inside an isolate still reverses its text.
 */
export function isolateText(value: string): string {
  return value ? `\u2068${withoutDirectionControls(value)}\u2069` : value;
}

/**
 * User text whose language is known (a course's title: the course's language), inside a sentence of the
 * page's: isolated as tIsolated isolates a value, and marked with its `lang` so a screen reader reads it in
 * that language's voice (issue 36 item 7). Give it to tIsolated as a value, or place it as it is.
 */
export function InLanguage({ text, lang }: { text: string; lang: string }) {
  return <bdi lang={lang}>{withoutDirectionControls(text)}</bdi>;
}

const MARK = /\uE000(\d+)\uE001/;

/**
 * A translated sentence with user values inside <bdi>, e.g. "Courses in {{name}}": i18next interpolation
 * yields one string, so each value is first replaced by a marker, and the string is split at the markers.
 * `options` carries the rest of t's options (count, context), used as they are. A value that is an element
 * (an identifier in <Ltr>) is placed as it is.
 */
export function tIsolated(
  t: TFunction,
  key: string,
  values: Record<string, ReactNode>,
  options: Record<string, unknown> = {},
): ReactNode {
  const names = Object.keys(values);
  const markers = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]));
  const text = String(t(key, { ...options, ...markers }));
  const parts = text.split(MARK);
  if (parts.length === 1) return text;
  return parts.map((part, i) => {
    if (i % 2 === 0) return part && <Fragment key={i}>{part}</Fragment>;
    const value = values[names[Number(part)]!];
    // An element (an <Ltr> identifier) brings its own isolation; text is isolated here, without the
    // direction controls a visitor may have typed (issue 34 item 7: <bdi> does not undo an override).
    if (isValidElement(value)) return <Fragment key={i}>{value}</Fragment>;
    return <bdi key={i}>{typeof value === "string" ? withoutDirectionControls(value) : value}</bdi>;
  });
}
