// "My course materials" (issue 38 item 4): the documents staff marked "for students" of the courses where
// the signed-in student holds a confirmed seat, by course. "View" opens the view-only viewer (PDF.js,
// loaded only then, with its words); without JavaScript the name links to the access-checked file.
import { Suspense, useState } from "react";
import { LazyDocumentViewer } from "~/components/document-viewer/lazy.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { ensureLocaleFiles } from "~/lib/i18n-client.ts";
import { formatFileSize } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { MyCourseMaterials } from "../my-materials.server.ts";

type Doc = MyCourseMaterials["documents"][number];

const fileHref = (id: string) => `/files/documents/${encodeURIComponent(id)}`;

export function MyMaterials({ materials, locale }: { materials: MyCourseMaterials[]; locale: Locale }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [viewing, setViewing] = useState<Doc | null>(null);
  const m = (key: string, options?: Record<string, unknown>) => t(`my.materials.${key}`, options);
  async function view(doc: Doc) {
    // The viewer's own words (a staff file) arrive with it, the first time only.
    await ensureLocaleFiles(["viewer"]);
    setViewing(doc);
  }
  return (
    <section aria-labelledby="my-materials" className="mt-8 rounded-xl border border-slate-200 p-4" data-testid="my-materials">
      <h2 id="my-materials" className="font-semibold text-slate-900">
        {m("heading")}
      </h2>
      {materials.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{m("empty")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{m("viewOnly")}</p>
          {materials.map((course) => (
            <div key={course.courseId} className="mt-4" data-materials-course={course.courseId}>
              <h3 className="text-sm font-semibold text-slate-800">
                <bdi dir="auto">{course.courseTitle}</bdi>
              </h3>
              <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {course.documents.map((doc) => (
                  <li key={doc.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-material={doc.fileName}>
                    <bdi className="min-w-0 flex-1 [overflow-wrap:anywhere]">{doc.fileName}</bdi>
                    {doc.sizeBytes > 0 && <span className="shrink-0 text-xs text-slate-600">{formatFileSize(doc.sizeBytes, locale)}</span>}
                    {hydrated ? (
                      <button
                        type="button"
                        onClick={() => void view(doc)}
                        aria-label={m("viewFile", { file: doc.fileName })}
                        className="inline-flex min-h-10 shrink-0 items-center rounded-lg px-3 font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
                      >
                        {m("view")}
                      </button>
                    ) : (
                      <a href={fileHref(doc.id)} target="_blank" rel="noopener" className="shrink-0 font-semibold text-teal-800 underline">
                        {m("view")}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
      {viewing && (
        <Suspense
          fallback={
            <p role="status" className="fixed inset-x-0 top-4 z-50 mx-auto w-fit rounded-lg bg-white px-4 py-2 shadow">
              {m("loading")}
            </p>
          }
        >
          <LazyDocumentViewer url={fileHref(viewing.id)} name={viewing.fileName} mimeType="application/pdf" onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </section>
  );
}
