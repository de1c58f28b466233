import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell.tsx";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { NO_SIGNALS } from "~/lib/admin-signals.ts";
import { getAdminSignals } from "~/lib/admin-signals.server.ts";
import { adminMiddleware, requireActor, toActorView } from "~/lib/staff-session.server.ts";
import type { Route } from "./+types/layout";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";

export const middleware = [adminMiddleware];

/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return data;
}

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { allowPasswordChange: true, allowSecuritySetup: true });
  // The forced password change (D9) and a second factor the settings require stand alone.
  const standalone = actor.mustChangePassword || Boolean(actor.needsSecondFactor);
  return {
    actor: toActorView(actor),
    standalone,
    // The navigation's badges and the no-SMTP banner (issue 17 point 4).
    signals: standalone ? NO_SIGNALS : await getAdminSignals(actor),
  };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData, matches }: Route.ComponentProps) {
  const root = matches[0].loaderData;
  if (loaderData.standalone) {
    // The forced password change (D9), then a second factor required by the settings, stand alone:
    // nothing else in the admin area works until they are done.
    return (
      <main id="main" className="min-h-screen bg-slate-50 px-4 py-12">
        <Outlet />
      </main>
    );
  }
  return (
    // A navigation, inside the admin or out of it, keeps the page; the shell shows its progress bar.
    <AdminShell actor={loaderData.actor} locale={root.locale} signals={loaderData.signals}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" className="min-h-screen bg-slate-50">
      <AdminRouteError />
    </main>
  );
}
