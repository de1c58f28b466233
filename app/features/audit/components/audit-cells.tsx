// The audit log's cells that read names and details (issue 17 point 4): who acted, what the entry is about
// and its details as translated lines. Every value a person typed or an identifier is isolated, so an
// Arabic course title reads right to left on the English page and an email left to right on the Arabic one.
import { ArrowRight } from "lucide-react";
import { Fragment } from "react";
import { Ltr } from "~/components/ui/bidi.tsx";
import { Email } from "~/components/ui/email.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { auditDetailLines, type AuditSubject, type AuditValue } from "../audit-details.ts";
import { auditEntityLabel } from "../audit-labels.ts";
import type { AuditLogEntry } from "../audit-log.server.ts";

/** The acting staff member: their own name when they have one, their email; "System" for none. */
export function AuditActor({ entry }: { entry: Pick<AuditLogEntry, "actorEmail" | "actorName"> }) {
  const { t } = useI18n();
  if (!entry.actorEmail) return <span className="text-slate-600">{t("audit.system")}</span>;
  return (
    <span className="flex flex-col">
      {entry.actorName && (
        <bdi dir="auto" className="font-medium text-slate-900">
          {entry.actorName}
        </bdi>
      )}
      <span className={entry.actorName ? "text-xs text-slate-700" : undefined}>
        <Email value={entry.actorEmail} />
      </span>
    </span>
  );
}

/** The entity's kind, then its name (Arabic name on the Arabic page); a deleted one says so. */
export function AuditSubjectCell({ entity, subject, locale }: { entity: string; subject: AuditSubject | null; locale: Locale }) {
  const { t } = useI18n();
  const kind = <span className="block text-xs font-medium uppercase text-slate-600 ltr:tracking-wide">{auditEntityLabel(t, entity)}</span>;
  if (!subject) return kind;
  const name =
    subject.kind === "role" && subject.name
      ? t(`admin.roles.${subject.name}`, { defaultValue: subject.name })
      : (locale === "ar" && subject.nameAr) || subject.name;
  return (
    <span className="block">
      {kind}
      {name ? (
        <span className="block text-slate-900">
          <bdi dir="auto" className="[overflow-wrap:anywhere]">
            {name}
          </bdi>
          {!subject.exists && <span className="ms-1 text-slate-600">{t("audit.subject.deleted")}</span>}
        </span>
      ) : (
        <span className="block text-slate-600">{t("audit.subject.deletedUnnamed")}</span>
      )}
      {subject.ref && (
        <span className="block text-xs text-slate-700">
          <Ltr>{subject.ref}</Ltr>
        </span>
      )}
    </span>
  );
}

function Value({ value }: { value: AuditValue }) {
  const { t } = useI18n();
  switch (value.kind) {
    case "text":
      return (
        <bdi dir="auto" className="[overflow-wrap:anywhere]">
          {value.text}
        </bdi>
      );
    case "ltr":
      return (
        <bdi dir="ltr" className="[overflow-wrap:anywhere]">
          {value.text}
        </bdi>
      );
    case "list":
      return (
        <>
          {value.items.map((item, i) => (
            <Fragment key={i}>
              {i > 0 && t("audit.values.separator")}
              <Value value={item} />
            </Fragment>
          ))}
        </>
      );
    case "change":
      return (
        <>
          <Value value={value.from} />
          <ArrowRight aria-hidden="true" className="mx-1 inline h-3.5 w-3.5 align-[-0.15em] text-slate-500 rtl:-scale-x-100" />
          <span className="sr-only"> {t("audit.values.changedTo")} </span>
          <Value value={value.to} />
        </>
      );
  }
}

/** The entry's details as label: value lines. */
export function AuditDetails({ entry, locale }: { entry: Pick<AuditLogEntry, "action" | "entity" | "details">; locale: Locale }) {
  const { t } = useI18n();
  const lines = auditDetailLines(t, entry, locale);
  if (lines.length === 0) return null;
  return (
    // relative: the read-out "to" of a change (sr-only, absolutely placed) stays inside the table's scroll box.
    <dl className="relative grid max-w-md grid-cols-[max-content_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs text-slate-800">
      {lines.map((line) => (
        <Fragment key={line.key}>
          <dt className="font-medium text-slate-700">{line.label}</dt>
          <dd className="min-w-0">
            <Value value={line.value} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
