// Icons of the public pages (and the admin navigation and lists' row actions), drawn from one same-origin SVG sprite (sprite.svg, a hashed build asset cached
// for good). A lucide-react icon is a component that builds its element tree (the svg and each path) on
// every render: on an uncached catalogue page its 66 icons were 4 % of the server's CPU (issue 18), and each
// drawing was JavaScript on the page. Here an icon is two fixed elements with lucide's classes, so the page
// looks and reads the same (aria-hidden, sizes by class). The sprite is written from lucide's own drawings
// and attributes (sprite-source.ts; a unit test keeps the two equal).
import spriteUrl from "./sprite.svg?no-inline";

export const ICON_NAMES = [
  "award", "book-open", "chevron-down", "clock", "graduation-cap", "handshake", "mail", "map-pin", "menu", "phone", "tag", "users",
  // The admin lists' per-row actions.
  "check", "eye", "pencil", "rotate-ccw", "trash", "x",
  // Course runs (cards, home, course page) and the icons About, Services, Contact and the catalogue had from lucide-react.
  "calendar", "video", "search", "sliders-horizontal", "briefcase-business", "compass", "life-buoy", "calendar-clock",
  "monitor-play", "circle-check",
  // For the shared public components still on lucide-react (toast: AlertCircle; instructor photo and dialog).
  "circle-exclamation-point", "user-round", "external-link",
  // The enrollment success notice's copy button.
  "copy",
  // The admin side navigation (app/lib/admin-pages.ts) and the admin courses list.
  "layout-dashboard", "folder-tree", "clipboard-list", "settings", "shield-check", "scroll-text", "mail-check", "key-round",
  "calendar-days", "plus", "banknote",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export function Icon({ name, className }: { name: IconName; className?: string }) {
  // lucide's stroke attributes and the 24 × 24 drawing box are on the sprite's symbols (sprite-source.ts), not
  // repeated on each of a page's 50 icons: 7 attributes fewer per icon for the render to write and the phone
  // to download. width and height stay as lucide has them, a size for an icon without a size class.
  return (
    <svg
      width="24"
      height="24"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden="true"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
