// The site's logo mark (issue 19 point 8): an open book under a rising dot, white on a teal rounded square,
// no text. The same drawing is public/favicon.svg and, rasterised, public/images/logo-mark.png (emails).

/** The mark's drawing in a 32 × 32 box (shared with public/favicon.svg; logo-mark.test.tsx keeps them equal). */
export const LOGO_MARK_PATHS = {
  background: "#115e59",
  leftPage: "M5 11.5C8.3 9.7 11.7 9.7 15 11.5V25C11.7 23.2 8.3 23.2 5 25Z",
  rightPage: "M27 11.5C23.7 9.7 20.3 9.7 17 11.5V25C20.3 23.2 23.7 23.2 27 25Z",
  dot: { cx: 16, cy: 6.5, r: 2.6, fill: "#5eead4" },
} as const;

/** Decorative (the brand name is written beside it), so hidden from assistive technology. */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  const p = LOGO_MARK_PATHS;
  return (
    <svg
      data-logo-mark=""
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      className={className}
      style={{ flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="8" fill={p.background} />
      <path d={p.leftPage} fill="#ffffff" />
      <path d={p.rightPage} fill="#ffffff" opacity="0.82" />
      <circle cx={p.dot.cx} cy={p.dot.cy} r={p.dot.r} fill={p.dot.fill} />
    </svg>
  );
}
