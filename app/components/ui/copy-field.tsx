// A secret shown once (a generated password) in a read-only field, with a copy button once JavaScript runs
// (SPEC §9: "copied" feedback for 2 seconds, announced; a refused clipboard says so).
import { Check, Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { inputClass } from "~/components/forms/field.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";

/** SPEC §9: copy-button feedback for 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;

export function CopyField({
  value,
  label,
  copy,
  copyLabel,
  copied,
  failed,
  large = false,
}: {
  value: string;
  label: string;
  /** The button's text, and its accessible name when `copyLabel` is not given. */
  copy: string;
  copyLabel?: string;
  copied: string;
  failed: string;
  /** A larger, spaced-out value (a password read aloud or typed by hand). */
  large?: boolean;
}) {
  const hydrated = useHydrated();
  const inputId = useId();
  const [feedback, setFeedback] = useState<"copied" | "failed" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copyValue() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setFeedback("copied");
    } catch {
      setFeedback("failed");
    }
    timer.current = setTimeout(() => setFeedback(null), COPY_FEEDBACK_MS);
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          readOnly
          value={value}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} font-mono text-start ${large ? "text-lg tracking-wider" : ""}`}
        />
        {hydrated && (
          <button type="button" onClick={() => void copyValue()} aria-label={copyLabel} className="btn-secondary inline-flex shrink-0 gap-2 px-3 py-2 text-sm">
            {feedback === "copied" ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
            {copy}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className={`min-h-5 text-sm ${feedback === "failed" ? "text-red-800" : "text-emerald-800"}`}>
        {feedback === "copied" ? copied : feedback === "failed" ? failed : ""}
      </p>
    </div>
  );
}
