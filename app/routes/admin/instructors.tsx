import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { requireActor } from "~/lib/staff-session.server.ts";
import type { Route } from "./+types/instructors";

export const handle = { permission: "instructors:view" };

export function loader({ context }: Route.LoaderArgs) {
  requireActor(context, { permission: "instructors:view" });
  return null;
}

export default function Placeholder() {
  return null;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
