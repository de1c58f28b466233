// "Your sessions" on the student's page (issue 38 item 3), once the seat is confirmed: each session in
// Cairo time, a live run's joining link, and the sessions as a calendar file.
import { formatRunMoment } from "~/lib/cairo-time.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { StudentEnrollment } from "../student-enrollment.server.ts";

export function StudentSessions({ sessions, calendarHref, locale }: { sessions: NonNullable<StudentEnrollment["sessions"]>; calendarHref: string; locale: Locale }) {
  const { t } = useI18n();
  const m = (key: string, options?: Record<string, unknown>) => t(`myEnrollment.sessions.${key}`, options);
  return (
    <section aria-labelledby="my-sessions" className="mt-6 rounded-xl border border-teal-700 p-4" data-testid="my-sessions">
      <h2 id="my-sessions" className="font-semibold text-slate-900">
        {m("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{m(sessions.list.length > 0 ? "intro" : "seeSchedule")}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {sessions.joinUrl && (
          <a href={sessions.joinUrl} target="_blank" rel="noopener noreferrer" className="btn-primary px-4 py-2 text-sm" data-join="">
            {m("join")}
          </a>
        )}
        {sessions.list.length > 0 && (
          <a href={calendarHref} download className="btn-secondary px-4 py-2 text-sm" data-calendar="">
            {m("calendar")}
          </a>
        )}
      </div>
      <ol className="mt-3 divide-y divide-slate-100 text-sm">
        {sessions.list.map((s) => (
          <li key={s.number} className="flex flex-wrap justify-between gap-x-4 py-2" data-session={s.number}>
            <span className="font-medium">{m("session", { n: s.number })}</span>
            <time dateTime={s.startsAt}>
              {formatRunMoment(s.startsAt, locale, "long")} – {formatRunMoment(s.endsAt, locale, "time")}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
