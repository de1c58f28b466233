// Writes sprite.svg from lucide's drawings of the icons in ICON_NAMES (`npx tsx
// app/components/icons/sprite-source.ts` after adding a name); icon.test.tsx fails while the file differs.
// lucide-react's icon modules export their drawing as `__iconData` (not in its type declarations).
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import * as award from "lucide-react/icons/award";
import * as bookOpen from "lucide-react/icons/book-open";
import * as chevronDown from "lucide-react/icons/chevron-down";
import * as clock from "lucide-react/icons/clock";
import * as handshake from "lucide-react/icons/handshake";
import * as graduationCap from "lucide-react/icons/graduation-cap";
import * as mail from "lucide-react/icons/mail";
import * as mapPin from "lucide-react/icons/map-pin";
import * as menu from "lucide-react/icons/menu";
import * as phone from "lucide-react/icons/phone";
import * as tag from "lucide-react/icons/tag";
import * as users from "lucide-react/icons/users";
import * as check from "lucide-react/icons/check";
import * as eye from "lucide-react/icons/eye";
import * as pencil from "lucide-react/icons/pencil";
import * as rotateCcw from "lucide-react/icons/rotate-ccw";
import * as trash from "lucide-react/icons/trash";
import * as x from "lucide-react/icons/x";
import * as calendar from "lucide-react/icons/calendar";
import * as video from "lucide-react/icons/video";
import * as search from "lucide-react/icons/search";
import * as slidersHorizontal from "lucide-react/icons/sliders-horizontal";
import * as briefcaseBusiness from "lucide-react/icons/briefcase-business";
import * as compass from "lucide-react/icons/compass";
import * as lifeBuoy from "lucide-react/icons/life-buoy";
import * as calendarClock from "lucide-react/icons/calendar-clock";
import * as monitorPlay from "lucide-react/icons/monitor-play";
import * as circleCheck from "lucide-react/icons/circle-check";
import * as circleExclamationPoint from "lucide-react/icons/circle-exclamation-point";
import * as userRound from "lucide-react/icons/user-round";
import * as externalLink from "lucide-react/icons/external-link";
import * as copy from "lucide-react/icons/copy";
import * as layoutDashboard from "lucide-react/icons/layout-dashboard";
import * as folderTree from "lucide-react/icons/folder-tree";
import * as clipboardList from "lucide-react/icons/clipboard-list";
import * as settings from "lucide-react/icons/settings";
import * as shieldCheck from "lucide-react/icons/shield-check";
import * as scrollText from "lucide-react/icons/scroll-text";
import * as mailCheck from "lucide-react/icons/mail-check";
import * as keyRound from "lucide-react/icons/key-round";
import * as calendarDays from "lucide-react/icons/calendar-days";
import * as plus from "lucide-react/icons/plus";
import * as banknote from "lucide-react/icons/banknote";
import type { IconName } from "./icon.tsx";

interface IconData {
  name: string;
  node: [tag: string, attrs: Record<string, string | number>][];
}

const modules: Record<IconName, object> = {
  award,
  "book-open": bookOpen,
  "chevron-down": chevronDown,
  clock,
  "graduation-cap": graduationCap,
  handshake,
  mail,
  "map-pin": mapPin,
  menu,
  phone,
  tag,
  users,
  check,
  eye,
  pencil,
  "rotate-ccw": rotateCcw,
  trash,
  x,
  calendar,
  video,
  search,
  "sliders-horizontal": slidersHorizontal,
  "briefcase-business": briefcaseBusiness,
  compass,
  "life-buoy": lifeBuoy,
  "calendar-clock": calendarClock,
  "monitor-play": monitorPlay,
  "circle-check": circleCheck,
  "circle-exclamation-point": circleExclamationPoint,
  "user-round": userRound,
  "external-link": externalLink,
  copy,
  "layout-dashboard": layoutDashboard,
  "folder-tree": folderTree,
  "clipboard-list": clipboardList,
  settings,
  "shield-check": shieldCheck,
  "scroll-text": scrollText,
  "mail-check": mailCheck,
  "key-round": keyRound,
  "calendar-days": calendarDays,
  plus,
  banknote,
};

function dataOf(name: string, module: object): IconData {
  const data = (module as { __iconData?: IconData }).__iconData;
  if (!data || data.name !== name || !Array.isArray(data.node)) throw new Error(`lucide-react has no drawing data for ${name}`);
  return data;
}

/** lucide's child elements of an icon as markup, without its React keys. */
export function iconMarkup(name: string, module: object): string {
  return dataOf(name, module)
    .node.map(([tag, attrs]) => {
      const attributes = Object.entries(attrs)
        .filter(([attr]) => attr !== "key")
        .map(([attr, value]) => ` ${attr}="${String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
        .join("");
      return `<${tag}${attributes}/>`;
    })
    .join("");
}

/**
 * The attributes lucide puts on each icon's <svg> that draw it (its viewBox and stroke), carried by the
 * symbol instead: an instance of a symbol inherits them as any element inherits its parent's fill and stroke,
 * and the page's <svg> only names the icon, its classes and its size. icon.test.tsx compares them with
 * lucide-react's own.
 */
export const SYMBOL_ATTRIBUTES =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

export function spriteMarkup(): string {
  const symbols = Object.entries(modules).map(
    ([name, module]) => `<symbol id="${name}" ${SYMBOL_ATTRIBUTES}>${iconMarkup(name, module)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

export const SPRITE_FILE = fileURLToPath(new URL("./sprite.svg", import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  fs.writeFileSync(SPRITE_FILE, spriteMarkup());
}
