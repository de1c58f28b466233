import type { ValidatedField } from "~/lib/form-validation.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { RunOption } from "../run-options.ts";

/**
 * The runs the enrollment form offers (issue 20), as plain radio buttons (no library, and the words come
 * ready made, run-options.ts: the enroll page is at its JS budget): the start date and time in Cairo time,
 * the zone said, the schedule, how it is taught, and on a full run that the request joins the waiting
 * list. One must be chosen (validateEnrollment with `runRequired`); the server checks again.
 */
export function RunChoice({
  runs,
  field,
  preselected,
  onChoose,
}: {
  runs: RunOption[];
  field: ValidatedField;
  preselected?: string;
  /** Told the run chosen (the submit button's words follow a full run). */
  onChoose?: (runId: string) => void;
}) {
  const { t } = useI18n();
  const checked = field.defaultValue ?? preselected;
  const errorId = `${field.id}-error`;
  return (
    <fieldset className="min-w-0" aria-describedby={field.invalid ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {t("enrollment.run.legend")}
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      </legend>
      {runs.map((run) => (
        <label
          key={run.id}
          className="mt-2 flex items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm text-slate-700 has-checked:border-teal-700 has-checked:bg-teal-50"
        >
          <input
            type="radio"
            name={field.name}
            key={field.key}
            value={run.id}
            defaultChecked={checked === run.id}
            // The run the visitor came from takes focus when the dialog opens (issue 36 item 5), not the first.
            data-autofocus={checked === run.id ? "" : undefined}
            onChange={() => onChoose?.(run.id)}
            aria-invalid={field.invalid || undefined}
            className="mt-1 size-4 shrink-0 accent-teal-700"
          />
          <span className="min-w-0 break-words">
            <b className="block text-slate-900">{run.date}</b>
            {run.time}
            {run.schedule && (
              <span dir="auto" className="block">
                {run.schedule}
              </span>
            )}
            <span className="block">
              {run.mode}
              {run.location && <bdi>{` · ${run.location}`}</bdi>}
            </span>
            {run.price && (
              <b data-run-price="" className="block text-slate-900">
                <bdi>{run.price}</bdi>
              </b>
            )}
            {run.full && <b className="block text-amber-800">{t("enrollment.run.full")}</b>}
          </span>
        </label>
      ))}
      {field.errors?.[0] && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {t(field.errors[0])}
        </p>
      )}
    </fieldset>
  );
}
