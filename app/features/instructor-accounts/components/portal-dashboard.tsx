// The instructor dashboard (SPEC §2 instructor area, §4 session; D7, D8): the instructor's assigned courses,
// drafts included, with a details modal and the view-only materials viewer, both in the address
// (portal-dialogs.ts; a panel in place without JavaScript); the expiry warning counts down to the server's
// expiry over everything (expiry-warning.tsx); then the runs they teach (issue 20). The route holds the loader, which checks the instructor session on every request.
import { LogOut } from "lucide-react";
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Form, useLocation, useNavigate, useNavigation } from "react-router";
import { LanguageSwitcher } from "~/components/layout/language-switcher.tsx";
import { localizeInstructor } from "~/components/site/instructor-view.ts";
import { LazyDocumentViewer } from "~/components/document-viewer/lazy.tsx";
import { DialogFrame, DialogLink, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { OPENED_HERE, openedHere } from "~/lib/hooks/use-fragment-dialog.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { InstructorPortal, PortalCourse, PortalMaterial } from "../portal-types.ts";
import { ExpiryWarning, useSessionRemaining } from "./expiry-warning.tsx";
import { PortalCourseCard, PortalCourseDetails } from "./portal-course.tsx";
import { COURSE_PARAM, dialogOnly, MATERIAL_PARAM, PORTAL_DIALOGS, type PortalDialog } from "./portal-dialogs.ts";
import { PortalRuns } from "./portal-runs.tsx";

export interface PortalDashboardData extends InstructorPortal {
  session: {
    /** ISO time the session ends (the server's clock). */
    expiresAt: string;
    /** The session's whole length, for the warning's threshold. */
    windowMs: number;
    /** The server's Date.now() when the page was rendered (corrects the browser's clock). */
    serverNow: number;
  };
}

const VIEWER_PARAMS = [MATERIAL_PARAM] as const;

/** Runs once the lazy viewer has rendered (its Suspense boundary committed). */
function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

export function PortalDashboard({ data: loaded, locale }: { data: PortalDashboardData; locale: Locale }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const { instructor, courses, runs, session } = loaded;
  const remaining = useSessionRemaining(session.expiresAt, session.serverNow, session.windowMs);
  const [layerKey, setLayerKey] = useState(0);
  const bumpLayer = useCallback(() => setLayerKey((k) => k + 1), []);
  const view = localizeInstructor({ ...instructor, bioShort: null, bioShortAr: null }, locale, t("instructorsAdmin.fallbackTitle"));

  const dialog = useUrlDialog<PortalDialog>({ kinds: PORTAL_DIALOGS, idParam: COURSE_PARAM, params: VIEWER_PARAMS });
  const shownCourse: PortalCourse | undefined = dialog.kind ? courses.find((c) => c.id === dialog.id) : undefined;
  const materialId = new URLSearchParams(location.search).get(MATERIAL_PARAM);
  // The viewer needs JavaScript; without it (or for an unknown material) the details show the materials.
  const material: PortalMaterial | undefined =
    hydrated && dialog.kind === "viewer" ? shownCourse?.materials.find((m) => m.id === materialId) : undefined;
  const detailsOpen = Boolean(shownCourse) && !material;
  const atMaterials = dialog.kind === "materials" || dialog.kind === "viewer";
  const loading = navigation.state === "loading" && !dialogOnly(location, navigation.location);

  // Without JavaScript "View Materials" lands on the materials in the panel (a fragment); with it the dialog focuses them.
  const openers = useMemo(
    () => ({
      href: (kind: PortalDialog, id?: string) => `${dialog.href(kind, id)}${kind === "materials" && id ? `#materials-${id}` : ""}`,
      open: dialog.open,
    }),
    [dialog],
  );
  // The material last opened in the viewer, and the history entry it was opened from: back on that entry
  // (the viewer closed), its View button takes focus; a later opening of the details is a new entry.
  const [viewed, setViewed] = useState<{ id: string; entry: string } | null>(null);
  const returnTo = viewed && viewed.entry === location.key ? viewed.id : null;
  const openViewer = (courseId: string, m: PortalMaterial) => {
    setViewed({ id: m.id, entry: location.key });
    const params = new URLSearchParams(location.search);
    params.set("dialog", "viewer");
    params.set(COURSE_PARAM, courseId);
    params.set(MATERIAL_PARAM, m.id);
    void navigate(`${location.pathname}?${params.toString()}`, { preventScrollReset: true, state: { [OPENED_HERE]: true } });
  };
  // Closing the viewer goes back to the details it was opened from; opened from a link, to the course's materials.
  const closeViewer = () => {
    if (openedHere(location)) void navigate(-1);
    else if (shownCourse) void navigate(dialog.href("materials", shownCourse.id), { replace: true, preventScrollReset: true });
  };
  const control = (course: PortalCourse, kind: "details" | "materials") => (content: ReactNode, label: string) => (
    <DialogLink
      dialog={openers}
      kind={kind}
      id={course.id}
      as="button"
      label={label}
      title=""
      className={`${kind === "details" ? "btn-primary" : "btn-secondary"} inline-flex gap-2 px-3 py-2 text-sm`}
    >
      {content}
    </DialogLink>
  );

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
      <ExpiryWarning remaining={remaining} windowMs={session.windowMs} layerKey={layerKey} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <h2 className="text-2xl font-bold text-slate-900">{t("instructorPortal.dashboard.coursesHeading", { count: courses.length })}</h2>
        {loading && (
          <p role="status" className="mt-2 text-sm text-slate-600">
            {t("instructorPortal.dashboard.loading")}
          </p>
        )}

        <DialogFrame open={detailsOpen} dialog={dialog} guard={false} title={shownCourse?.title ?? ""} size="lg" focusFallback="#main h2">
          {shownCourse && (
            <>
              <PortalCourseDetails
                course={shownCourse}
                locale={locale}
                hydrated={hydrated}
                focusMaterials={atMaterials}
                returnTo={returnTo}
                onView={(m) => openViewer(shownCourse.id, m)}
              />
              {!hydrated && (
                <a href={dialog.closeHref} className="btn-secondary mt-6 inline-flex px-4 py-2 text-sm">
                  {t("instructorPortal.details.close")}
                </a>
              )}
            </>
          )}
        </DialogFrame>

        {material && shownCourse && (
          <Suspense
            fallback={
              <p role="status" className="fixed inset-x-0 top-4 z-50 mx-auto w-fit rounded-lg bg-white px-4 py-2 shadow">
                {t("instructorPortal.viewer.loading")}
              </p>
            }
          >
            <Mounted onMount={bumpLayer} />
            <LazyDocumentViewer url={material.url} name={material.fileName} mimeType={material.mimeType} onClose={closeViewer} />
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
                  detailsControl={control(course, "details")}
                  materialsControl={control(course, "materials")}
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
