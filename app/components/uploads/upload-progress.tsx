// An upload's progress bar: the bytes sent of one file, then its processing on the server.

/** The bar (0–100 %), named for its file; `valueText` says the percentage, or that the server is processing. */
export function UploadProgressBar({ label, percent, valueText }: { label: string; percent: number; valueText: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full bg-teal-700 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
    </div>
  );
}
