// Pure helpers of the weekly enrollment chart (its scale; the date labels are formatWeek in app/lib/format.ts).

/**
 * A round, even top for the axis at or above the highest count, so the middle tick is a whole number:
 * at least 4; then 1, 2 or 5 × 10ⁿ (6 rather than 5).
 */
export function axisMax(max: number): number {
  if (!(max > 4)) return 4;
  const pow = 10 ** Math.floor(Math.log10(max));
  const top = [1, 2, 5, 10].map((step) => step * pow).find((v) => v >= max) ?? 10 * pow;
  return top % 2 === 0 ? top : top + 1;
}
