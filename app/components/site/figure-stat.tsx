import type { LucideIcon } from "lucide-react";

/**
 * One key figure inside a <dl>: shown as icon, number, label, while the DOM keeps the <dt> (label) before
 * the <dd> (number) so it reads "Satisfied students: 15,000+".
 */
export function FigureStat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <dt className="mt-1 text-sm font-medium text-slate-600">{label}</dt>
      <dd className="flex flex-col items-center text-3xl font-bold text-teal-900 sm:text-4xl">
        <Icon aria-hidden="true" className="mb-3 h-7 w-7 text-teal-700" />
        {value}
      </dd>
    </div>
  );
}
