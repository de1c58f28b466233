// What the Roles & permissions action answers (D13): the saved keys, or the refusal's locale key.
import type { Permission } from "~/lib/permissions.ts";

export interface RolesReply {
  ok: boolean;
  messageKey?: string;
  saved?: Permission[];
}
