import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { requireActor } from "~/lib/staff-session.server.ts";
import type { Route } from "./+types/settings";

export const handle = { permission: "settings:edit" };

export function loader({ context }: Route.LoaderArgs) {
  requireActor(context, { permission: "settings:edit" });
  return null;
}

export default function Placeholder() {
  return null;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
