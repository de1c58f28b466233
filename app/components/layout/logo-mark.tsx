// The site's logo mark (issue 19 point 8): an open book under a rising dot, white on a teal rounded square,
// no text. Drawn once, in public/favicon.svg (the favicon); the header and the footer show that file as an
// image (no markup in the JavaScript bundle: /about is at its budget, and the browser has the file already
// for the tab icon); public/images/logo-mark.png is it rasterised for the emails.

/** The mark's one source. */
export const LOGO_MARK_SRC = "/favicon.svg";

/** Decorative (the brand name is written beside it): alt="". */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  return <img data-logo-mark="" src={LOGO_MARK_SRC} alt="" width={size} height={size} className={`shrink-0 ${className ?? ""}`} />;
}
