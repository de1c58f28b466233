// "My requests" (issue 38 item 2): the signed-in student's requests, newest first, each a card with its
// status, group start, what is left to pay and the link to its own page; "Sign out" ends this session.
import { Link } from "react-router";
import { Ltr } from "~/components/ui/bidi.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { MyRequest } from "../my-requests.server.ts";
import type { MyCourseMaterials } from "../my-materials.server.ts";
import { MyMaterials } from "./my-materials.tsx";

const TONE: Record<string, string> = {
  pending: "bg-amber-50 text-amber-900",
  waiting: "bg-amber-50 text-amber-900",
  approved: "bg-teal-50 text-teal-900",
  paid: "bg-teal-100 text-teal-950",
  rejected: "bg-slate-100 text-slate-800",
  expired: "bg-red-50 text-red-800",
  withdrawn: "bg-slate-100 text-slate-800",
};

export function MyRequests({
  email,
  requests,
  materials,
  eraseAskedAt,
  locale,
}: {
  email: string;
  requests: MyRequest[];
  materials: MyCourseMaterials[];
  /** When the student asked for their data to be erased (waiting for staff), or null. */
  eraseAskedAt: string | null;
  locale: Locale;
}) {
  const { t } = useI18n();
  const r = (key: string, options?: Record<string, unknown>) => t(`my.requests.${key}`, options);
  const lp = useLocalePath();
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" data-signed-in="">
          {r("signedInAs", { email: "\u2068" + email + "\u2069" })}
        </p>
        <a href={lp("/my/profile")} className="btn-secondary px-4 py-2 text-sm" data-profile-link="">
          {t("my.profile.heading")}
        </a>
        <form method="post">
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="btn-secondary px-4 py-2 text-sm">
            {r("signOut")}
          </button>
        </form>
      </div>
      {requests.length === 0 ? (
        <div className="mt-6 rounded-xl border border-slate-200 p-4 text-slate-700" data-no-requests="">
          <p>{r("empty")}</p>
          <Link to={lp("/courses")} className="mt-2 inline-block text-teal-800 underline">
            {r("browse")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4" aria-label={r("heading")}>
          {requests.map((q) => (
            <li key={q.reference} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-my-request={q.reference}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">
                  <bdi dir="auto">{q.courseName}</bdi>
                </h2>
                <span className={`rounded-full px-3 py-1 text-sm font-semibold ${TONE[q.status] ?? TONE.pending}`} data-status={q.status}>
                  {q.statusLabel}
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">{r("reference")}</dt>
                <dd className="font-mono">
                  <Ltr>{q.reference}</Ltr>
                </dd>
                <dt className="text-slate-600">{r("requested")}</dt>
                <dd>
                  <time dateTime={q.requestedAt}>{formatDateTime(q.requestedAt, locale)}</time>
                </dd>
                {q.balance && (
                  <>
                    <dt className="text-slate-600">{r("balance")}</dt>
                    <dd className="font-semibold" data-balance="">
                      <Ltr>{q.balance}</Ltr>
                    </dd>
                  </>
                )}
              </dl>
              {q.starts && <p className="mt-2 text-sm text-slate-700">{q.starts}</p>}
              <a href={q.href} className="btn-primary mt-4 inline-flex w-full justify-center px-4 py-2 text-sm sm:w-auto">
                {r("open", { id: "\u2066" + q.reference + "\u2069" })}
              </a>
            </li>
          ))}
        </ul>
      )}
      <MyMaterials materials={materials} locale={locale} />
      <section aria-labelledby="my-data" className="mt-8 rounded-xl border border-slate-200 p-4" data-testid="my-data">
        <h2 id="my-data" className="font-semibold text-slate-900">
          {t("my.data.heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("my.data.intro")}</p>
        {/* Plain links to the downloads (a file, not a page: no client navigation). */}
        <div className="mt-3 flex flex-wrap gap-3">
          <a href={lp("/my/data.json")} download className="btn-secondary px-4 py-2 text-sm" data-download="json">
            {t("my.data.json")}
          </a>
          <a href={lp("/my/data.csv")} download className="btn-secondary px-4 py-2 text-sm" data-download="csv">
            {t("my.data.csv")}
          </a>
        </div>
        {eraseAskedAt ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-erase-asked="">
            {t("my.erase.pending", { date: formatDateTime(eraseAskedAt, locale) })}
          </p>
        ) : (
          <details className="mt-4 rounded-lg border border-slate-300 p-3">
            <summary className="cursor-pointer font-semibold text-slate-900">{t("my.erase.summary")}</summary>
            <p className="mt-2 text-sm text-slate-800">{t("my.erase.text")}</p>
            <form method="post" className="mt-3">
              <input type="hidden" name="intent" value="erase" />
              <button type="submit" className="inline-flex min-h-11 items-center rounded-lg border border-red-800 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-50">
                {t("my.erase.button")}
              </button>
            </form>
          </details>
        )}
      </section>
    </>
  );
}
