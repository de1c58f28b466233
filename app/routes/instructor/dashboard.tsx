// /instructor-dashboard (SPEC §2 instructor area, §4 session, §8; D7, D8). Every request checks the
// instructor session on the server (expired → /instructor-login). Shows the instructor's assigned
// courses only (the query filters by the session's instructor), drafts included, with a details modal
// and the view-only materials viewer; the expiry banner counts down to the server's expiry. A load
// failure shows the SPEC error view with 'Back to Login' and ends the session.
import { LogOut } from "lucide-react";
import { Suspense, useCallback, useState, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { data, Form, Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { LanguageSwitcher } from "~/components/layout/language-switcher.tsx";
import { localizeInstructor } from "~/components/site/instructor-view.ts";
import { LazyDocumentViewer } from "~/components/document-viewer/lazy.tsx";
import { PORTAL_ERRORS } from "~/features/instructor-accounts/accounts.schema.ts";
import { ExpiryBanner, useSessionRemaining } from "~/features/instructor-accounts/components/expiry-banner.tsx";
import { PortalCourseCard, PortalCourseDetails } from "~/features/instructor-accounts/components/portal-course.tsx";
import type { PortalCourse, PortalMaterial } from "~/features/instructor-accounts/portal-types.ts";
import { getInstructorPortal } from "~/features/instructor-accounts/portal.server.ts";
import { ModalOrPanel } from "~/features/instructors/components/instructor-dialogs.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { isAppError } from "~/lib/errors.ts";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";
import { endInstructorSession, requireInstructorSession } from "~/lib/instructor-session.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/dashboard";

const DASHBOARD_PATH = "/instructor-dashboard";

/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return loaded;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireInstructorSession(request);
  const title = getInstance(context).t("instructorPortal.dashboard.metaTitle");
  try {
    const portal = await getInstructorPortal(session);
    return {
      ok: true as const,
      title,
      ...portal,
      session: {
        expiresAt: session.expiresAt.toISOString(),
        windowMs: session.expiresAt.getTime() - session.createdAt.getTime(),
        serverNow: Date.now(),
      },
    };
  } catch (err) {
    // SPEC §8: a dashboard load failure shows the error screen and logs out.
    const messageKey = isAppError(err) ? err.messageKey : PORTAL_ERRORS.coursesFailed;
    if (!isAppError(err)) logger.error({ err }, "instructor dashboard failed");
    const headers = await endInstructorSession(request).catch(() => new Headers());
    return data({ ok: false as const, title, messageKey }, { status: isAppError(err) ? err.status : 500, headers });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const brand = matches[0].loaderData?.brand;
  return [{ title: loaderData ? `${loaderData.title}${brand ? ` - ${brand}` : ""}` : "" }, { name: "robots", content: "noindex" }];
};

function PortalError({ messageKey }: { messageKey: string }) {
  const { t } = useI18n();
  return (
    <main id="main" className="flex min-h-screen flex-1 items-center justify-center bg-slate-50 px-4">
      <section role="alert" aria-labelledby="portal-error-title" className="w-full max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
        <h1 id="portal-error-title" className="text-xl font-bold text-slate-900">
          {t("instructorPortal.errors.title")}
        </h1>
        <p className="mt-3 text-red-800">{t(messageKey)}</p>
        <Link to="/instructor-login" className="btn-primary mt-6 inline-flex px-4 py-2">
          {t("instructorPortal.errors.backToLogin")}
        </Link>
      </section>
    </main>
  );
}

export default function InstructorDashboard({ loaderData, matches }: Route.ComponentProps) {
  if (!loaderData.ok) return <PortalError messageKey={loaderData.messageKey} />;
  return <Dashboard data={loaderData} locale={matches[0].loaderData.locale} />;
}

type DashboardData = Extract<Route.ComponentProps["loaderData"], { ok: true }>;

function Dashboard({ data: loaded, locale }: { data: DashboardData; locale: "en" | "ar" }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const { instructor, courses, session } = loaded;
  const remaining = useSessionRemaining(session.expiresAt, session.serverNow);
  const [openCourseId, setOpenCourseId] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ material: PortalMaterial; courseId: string } | null>(null);
  const view = localizeInstructor({ ...instructor, bioShort: null, bioShortAr: null }, locale, t("instructorsAdmin.fallbackTitle"));

  // Without JavaScript ?course=<id> shows the details in place.
  const shownCourseId = hydrated ? openCourseId : searchParams.get("course");
  const shownCourse: PortalCourse | undefined = courses.find((c) => c.id === shownCourseId);
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  const close = useCallback(() => setOpenCourseId(null), []);

  const control = (courseId: string, variant: "primary" | "secondary") => (content: ReactNode, label: string) => {
    const className = `${variant === "primary" ? "btn-primary" : "btn-secondary"} inline-flex gap-2 px-3 py-2 text-sm`;
    return hydrated ? (
      <button type="button" className={className} aria-label={label} onClick={() => setOpenCourseId(courseId)}>
        {content}
      </button>
    ) : (
      <Link to={`${DASHBOARD_PATH}?course=${encodeURIComponent(courseId)}`} className={className} aria-label={label}>
        {content}
      </Link>
    );
  };

  return (
    <div className="flex min-h-screen flex-1 flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">{t("instructorPortal.dashboard.welcome", { name: view.name })}</h1>
            <p className="text-sm text-slate-700">{view.title}</p>
          </div>
          <div className="flex items-center gap-4">
            <LanguageSwitcher locale={locale} />
            <Form method="post" action="/instructor-logout">
              <button type="submit" className="btn-secondary inline-flex gap-2 px-3 py-2 text-sm" disabled={navigation.formAction === "/instructor-logout"}>
                <LogOut aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
                {navigation.formAction === "/instructor-logout" ? t("instructorPortal.dashboard.loggingOut") : t("instructorPortal.dashboard.logout")}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <ExpiryBanner remaining={remaining} windowMs={session.windowMs} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <h2 className="text-2xl font-bold text-slate-900">{t("instructorPortal.dashboard.coursesHeading", { count: courses.length })}</h2>
        {loading && (
          <p role="status" className="mt-2 text-sm text-slate-600">
            {t("instructorPortal.dashboard.loading")}
          </p>
        )}

        <ModalOrPanel
          open={Boolean(shownCourse)}
          hydrated={hydrated}
          onClose={close}
          title={shownCourse?.title ?? ""}
          size="lg"
        >
          {shownCourse && (
            <>
              <PortalCourseDetails
                course={shownCourse}
                locale={locale}
                hydrated={hydrated}
                onView={(material) => {
                  // The viewer takes the whole screen; the details come back when it closes.
                  setOpenCourseId(null);
                  setViewing({ material, courseId: shownCourse.id });
                }}
              />
              {!hydrated && (
                <Link to={DASHBOARD_PATH} className="btn-secondary mt-6 inline-flex px-4 py-2 text-sm">
                  {t("instructorPortal.details.close")}
                </Link>
              )}
            </>
          )}
        </ModalOrPanel>

        {viewing && (
          <Suspense
            fallback={
              <p role="status" className="fixed inset-x-0 top-4 z-50 mx-auto w-fit rounded-lg bg-white px-4 py-2 shadow">
                {t("instructorPortal.viewer.loading")}
              </p>
            }
          >
            <LazyDocumentViewer
              url={viewing.material.url}
              name={viewing.material.fileName}
              mimeType={viewing.material.mimeType}
              onClose={() => {
                setOpenCourseId(viewing.courseId);
                setViewing(null);
              }}
            />
          </Suspense>
        )}

        {courses.length === 0 ? (
          <p className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center text-lg text-slate-700">
            {t("instructorPortal.dashboard.empty")}
          </p>
        ) : (
          <ul aria-label={t("instructorPortal.dashboard.listLabel")} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <li key={course.id}>
                <PortalCourseCard
                  course={course}
                  detailsControl={control(course.id, "primary")}
                  materialsControl={control(course.id, "secondary")}
                />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
