import { useTranslation } from "react-i18next";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/dashboard";

export const handle = { permission: null };

export function loader({ context }: Route.LoaderArgs) {
  requireActor(context);
  return { title: getInstance(context).t("admin.dashboard.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function Dashboard() {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("admin.nav.dashboard")}</h1>
      <p className="mt-2 text-slate-700">{t("admin.dashboard.welcome")}</p>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
