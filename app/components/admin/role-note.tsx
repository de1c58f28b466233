// The line under a page's intro saying what the reader's role allows there (app/lib/role-copy.ts).
import { roleNote } from "~/lib/role-copy.ts";
import type { ActorView, Resource } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";

export function RoleNote({ actor, resource }: { actor: ActorView; resource: Resource }) {
  const { t, i18n } = useI18n();
  const text = roleNote(t, i18n.language, actor, resource);
  return text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null;
}
