// Copy worded from the staff member's flags (issue 17 point 6): a page never promises what its reader
// cannot do. A page whose intro names actions ("Create, edit and publish…") shows that intro only to staff
// holding all of them, and a neutral one otherwise; a line under it says what the reader's role allows on
// the page ("With your role you can view and edit here."), for anyone who lacks some action of the area.
import { can, PERMISSION_REGISTRY, type ActorView, type Resource } from "./permissions.ts";

type Action<R extends Resource> = (typeof PERMISSION_REGISTRY)[R][number];
type T = (key: string, options?: Record<string, unknown>) => string;

/** The actions of an area this staff member holds, in the registry's order. */
export function grantedActions<R extends Resource>(actor: ActorView, resource: R): Action<R>[] {
  return (PERMISSION_REGISTRY[resource] as readonly Action<R>[]).filter((action) => can(actor, `${resource}:${action}` as never));
}

/** The intro's key: `full` when the reader holds every action it names, `limited` (worded without them) otherwise. */
export function introKey<R extends Resource>(
  actor: ActorView,
  resource: R,
  promises: readonly Action<R>[],
  keys: { full: string; limited: string },
): string {
  const held = new Set<string>(grantedActions(actor, resource));
  return promises.every((action) => held.has(action)) ? keys.full : keys.limited;
}

/**
 * "With your role you can view and edit here." ("…view this list, not change it." for View alone) for a
 * reader who lacks some action of the area; null for one who holds them all (admins always do).
 */
export function roleNote(t: T, language: string, actor: ActorView, resource: Resource): string | null {
  const held = grantedActions(actor, resource);
  if (held.length === PERMISSION_REGISTRY[resource].length) return null;
  if (held.length === 1 && held[0] === "view") return t("admin.roleNote.viewOnly");
  const list = new Intl.ListFormat(language, { type: "conjunction" }).format(held.map((action) => t(`admin.roleNote.actions.${action}`)));
  return t("admin.roleNote.text", { list });
}
