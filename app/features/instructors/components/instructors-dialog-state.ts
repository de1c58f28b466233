// Which dialog of Admin Instructors is open (SPEC §2; D22): create, edit, delete or the login account.
import type { InstructorsReply } from "../instructors.schema.ts";
import type { AdminInstructorView } from "./instructor-admin-card.tsx";

export type DialogKind = "create" | "edit" | "delete" | "account";
export const DIALOG_KINDS: readonly DialogKind[] = ["create", "edit", "delete", "account"];
export type OpenDialog = { kind: "create" } | { kind: Exclude<DialogKind, "create">; instructor: AdminInstructorView } | null;
export type InstructorsActionReply = InstructorsReply;

/** Which form the URL (links without JavaScript, ?action=create) or a no-JS post's failed reply asks for. */
export function dialogFromUrl(
  params: URLSearchParams,
  instructors: AdminInstructorView[],
  reply: InstructorsActionReply | undefined,
  createFromLink: boolean,
): OpenDialog {
  // An account post shows its outcome (the password, or the refusal) in its own panel.
  if (reply?.intent === "account") {
    const instructor = instructors.find((i) => i.id === reply.instructorId);
    return instructor ? { kind: "account", instructor } : null;
  }
  const failed = reply && !reply.ok ? reply : undefined;
  const kind = failed?.intent ?? params.get("dialog") ?? (createFromLink ? "create" : null);
  if (kind === "create") return { kind: "create" };
  if (kind === "account") {
    const instructor = instructors.find((i) => i.id === params.get("instructor"));
    return instructor ? { kind: "account", instructor } : null;
  }
  if (kind === "edit" || kind === "update" || kind === "delete") {
    const instructor = instructors.find((i) => i.id === (failed?.instructorId ?? params.get("instructor")));
    return instructor ? { kind: kind === "delete" ? "delete" : "edit", instructor } : null;
  }
  return null;
}
