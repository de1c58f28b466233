// The instructor dashboard (SPEC §2 instructor area, §4 session; D7, D8): the instructor's assigned courses,
// drafts included, with a details modal (in place through ?course=<id> without JavaScript) and the
// view-only materials viewer; the expiry banner counts down to the server's expiry; then the runs they
// teach (issue 20). The route holds the loader, which checks the instructor session on every request.
import { LogOut } from "lucide-react";
import { Suspense, useCallback, useState, type ReactNode } from "react";
import { Form, Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { LanguageSwitcher } from "~/components/layout/language-switcher.tsx";
import { localizeInstructor } from "~/components/site/instructor-view.ts";
import { LazyDocumentViewer } from "~/components/document-viewer/lazy.tsx";
import { DialogFrame, useStateCloser } from "~/components/ui/url-dialog.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { InstructorPortal, PortalCourse, PortalMaterial } from "../portal-types.ts";
import { ExpiryBanner, useSessionRemaining } from "./expiry-banner.tsx";
import { PortalCourseCard, PortalCourseDetails } from "./portal-course.tsx";
import { PortalRuns } from "./portal-runs.tsx";

const DASHBOARD_PATH = "/instructor-dashboard";

export interface PortalDashboardData extends InstructorPortal {
  session: {
    /** ISO time the session ends (the server's clock). */
    expiresAt: string;
    /** The session's whole length, for the banner's warning threshold. */
    windowMs: number;
    /** The server's Date.now() when the page was rendered (corrects the browser's clock). */
    serverNow: number;
  };
}

export function PortalDashboard({ data: loaded, locale }: { data: PortalDashboardData; locale: Locale }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const { instructor, courses, runs, session } = loaded;
  const remaining = useSessionRemaining(session.expiresAt, session.serverNow);
  const [openCourseId, setOpenCourseId] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ material: PortalMaterial; courseId: string } | null>(null);
  const view = localizeInstructor({ ...instructor, bioShort: null, bioShortAr: null }, locale, t("instructorsAdmin.fallbackTitle"));

  // Without JavaScript ?course=<id> shows the details in place.
  const shownCourseId = hydrated ? openCourseId : searchParams.get("course");
  const shownCourse: PortalCourse | undefined = courses.find((c) => c.id === shownCourseId);
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  const close = useCallback(() => setOpenCourseId(null), []);
  const closer = useStateCloser(close, DASHBOARD_PATH);

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

        <DialogFrame open={Boolean(shownCourse)} dialog={closer} guard={false} title={shownCourse?.title ?? ""} size="lg">
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
        </DialogFrame>

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

        <PortalRuns runs={runs} locale={locale} />
      </main>
    </div>
  );
}
