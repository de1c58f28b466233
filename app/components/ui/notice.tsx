// The outcome of a post shown in the page (without JavaScript, where a toast cannot run): a success is a
// status, a refusal an alert.
import type { ReactNode } from "react";

export function Notice({ ok, className = "mt-6", children }: { ok: boolean; className?: string; children: ReactNode }) {
  return (
    <p
      role={ok ? "status" : "alert"}
      className={`${className} rounded-lg border p-3 text-sm ${
        ok ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-800"
      }`}
    >
      {children}
    </p>
  );
}
