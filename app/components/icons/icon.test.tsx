import fs from "node:fs";
import {
  Award,
  BookOpen,
  Check,
  ChevronDown,
  Clock,
  Eye,
  GraduationCap,
  Handshake,
  Mail,
  MapPin,
  Menu,
  Pencil,
  Phone,
  RotateCcw,
  Tag,
  Trash,
  Users,
  X,
  Calendar,
  Video,
  Search,
  SlidersHorizontal,
  BriefcaseBusiness,
  Compass,
  LifeBuoy,
  CalendarClock,
  MonitorPlay,
  CircleCheck,
  CircleExclamationPoint,
  UserRound,
  ExternalLink,
  Copy,
  LayoutDashboard,
  FolderTree,
  ClipboardList,
  Settings,
  ShieldCheck,
  ScrollText,
  MailCheck,
  KeyRound,
  CalendarDays,
  Plus,
  Banknote,
  type LucideIcon,
} from "lucide-react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, ICON_NAMES, type IconName } from "./icon.tsx";
import { SPRITE_FILE, SYMBOL_ATTRIBUTES, spriteMarkup } from "./sprite-source.ts";

const lucide: Record<IconName, LucideIcon> = {
  award: Award,
  "book-open": BookOpen,
  "chevron-down": ChevronDown,
  clock: Clock,
  "graduation-cap": GraduationCap,
  handshake: Handshake,
  mail: Mail,
  "map-pin": MapPin,
  menu: Menu,
  phone: Phone,
  tag: Tag,
  users: Users,
  check: Check,
  eye: Eye,
  pencil: Pencil,
  "rotate-ccw": RotateCcw,
  trash: Trash,
  x: X,
  calendar: Calendar,
  video: Video,
  search: Search,
  "sliders-horizontal": SlidersHorizontal,
  "briefcase-business": BriefcaseBusiness,
  compass: Compass,
  "life-buoy": LifeBuoy,
  "calendar-clock": CalendarClock,
  "monitor-play": MonitorPlay,
  "circle-check": CircleCheck,
  "circle-exclamation-point": CircleExclamationPoint,
  "user-round": UserRound,
  "external-link": ExternalLink,
  copy: Copy,
  "layout-dashboard": LayoutDashboard,
  "folder-tree": FolderTree,
  "clipboard-list": ClipboardList,
  settings: Settings,
  "shield-check": ShieldCheck,
  "scroll-text": ScrollText,
  "mail-check": MailCheck,
  "key-round": KeyRound,
  "calendar-days": CalendarDays,
  plus: Plus,
  banknote: Banknote,
};

/** The outer <svg> tag and the children of a rendered icon. */
function parts(html: string): { svg: string; inner: string } {
  const m = /^(<svg[^>]*>)(.*)<\/svg>$/.exec(html)!;
  return { svg: m[1]!, inner: m[2]! };
}

describe("public icons", () => {
  it("draw from a sprite that holds lucide's drawing of every icon (run sprite-source.ts when this fails)", () => {
    expect(fs.readFileSync(SPRITE_FILE, "utf8")).toBe(spriteMarkup());
    for (const name of ICON_NAMES) {
      // The sprite's symbol has the same elements lucide-react draws (self-closed in the file).
      const Lucide = lucide[name];
      const drawn = parts(renderToString(<Lucide />)).inner.replace(/><\/\w+>/g, "/>");
      expect(spriteMarkup()).toContain(`<symbol id="${name}" ${SYMBOL_ATTRIBUTES}>${drawn}</symbol>`);
    }
  });

  it("carry lucide's drawing attributes on each symbol, which the page's icons inherit", () => {
    // What lucide-react puts on its <svg> besides the size, classes and namespace: the box and the stroke.
    const drawing = (svg: string) =>
      [...svg.matchAll(/ ([a-zA-Z-]+)="([^"]*)"/g)]
        .filter(([, attr]) => !["xmlns", "width", "height", "class", "aria-hidden"].includes(attr!))
        .map(([all]) => all.trim())
        .sort();
    for (const name of ICON_NAMES) {
      const theirs = drawing(parts(renderToString(createElement(lucide[name]))).svg);
      expect(theirs.length).toBeGreaterThanOrEqual(6);
      expect(drawing(`<symbol ${SYMBOL_ATTRIBUTES}>`)).toEqual(theirs);
    }
  });

  it("render lucide's classes, size and aria-hidden, with a use of the sprite's symbol", () => {
    for (const name of ICON_NAMES) {
      const Lucide = lucide[name];
      const ours = parts(renderToString(<Icon name={name} className="h-4 w-4 shrink-0" />));
      const theirs = parts(renderToString(<Lucide aria-hidden="true" className="h-4 w-4 shrink-0" />)).svg;
      // lucide 1.x also names its renamed icons by their old names (trash: "lucide-trash-2", circle-check:
      // "lucide-check-circle-2", user-round: "lucide-user-2"...); no style uses those.
      const theirClasses = /class="([^"]*)"/.exec(theirs)![1]!.split(" ").filter((c) => !c.startsWith("lucide-") || c === `lucide-${name}`);
      expect(ours.svg).toBe(`<svg width="24" height="24" class="${theirClasses.join(" ")}" aria-hidden="true">`);
      expect(theirs).toContain('width="24" height="24"');
      expect(ours.inner).toMatch(new RegExp(`^<use href="[^"#]*sprite[^"#]*#${name}"></use>$`));
    }
    expect(renderToString(<Icon name="menu" />)).toContain('class="lucide lucide-menu"');
  });
});
