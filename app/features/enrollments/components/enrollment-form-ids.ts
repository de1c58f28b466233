// The enrollment form's aria-describedby: a field's hint and error ids, when it has them.

/** The ids that describe a field: its hint (when it has one) and its error (when it shows one). */
export function describedBy(id: string, hasError: boolean, hint?: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}
