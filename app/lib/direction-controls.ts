// Direction controls: embeddings and overrides (U+202A-202E), isolates (U+2066-2069) and the invisible marks
// (LRM, RLM, ALM). Nobody needs them in a name, an email or a one-line field, and they reorder what a reader
// sees ("Ali Hassan\u202Egnp.exe" read as "exe.png nassaH ilA"); the interface isolates each value itself
// (<bdi>, dir="auto"). One rule for the forms (validation.ts), the public and staff displays (bidi.tsx,
// display-text.ts). Tiny on purpose: public pages load it (the JS budget, ADR 005).
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `value` without direction controls, nothing else changed. */
export function withoutDirectionControls(value: string): string {
  return value.replace(DIRECTION_CONTROLS, "");
}
