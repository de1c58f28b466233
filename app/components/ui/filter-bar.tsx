// An admin list's filter bar (issue 35): a GET form in its FilterPanel (folded on phones), so the filters
// are the URL and work without JavaScript, with the controls every list builds it from: the search field,
// a select that may apply itself, and Apply with Clear Filters.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { inputClass } from "~/components/forms/field.tsx";
import { FilterPanel } from "~/components/ui/filter-panel.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";

const FILTER_LABEL = "text-sm font-medium text-slate-800";

export function FilterBar({
  action,
  label,
  applied,
  search = false,
  preventScrollReset = false,
  panelClassName,
  className = "",
  children,
}: {
  /** The list's address (the form's GET target and Clear Filters' link). */
  action: string;
  /** The form's accessible name. */
  label: string;
  /** How many filters are applied (shown on the phone's Filters button). */
  applied: number;
  /** A search landmark (role="search"); otherwise a named form. */
  search?: boolean;
  /** Keep the scroll position when the filters apply. */
  preventScrollReset?: boolean;
  /** Classes for the panel's outer box (its place in a toolbar). */
  panelClassName?: string;
  /** Classes added to the form's flex row (a card around it). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <FilterPanel applied={applied} className={panelClassName}>
      <Form
        method="get"
        action={action}
        role={search ? "search" : undefined}
        aria-label={label}
        preventScrollReset={preventScrollReset}
        className={`flex flex-wrap items-end gap-4 ${className}`}
      >
        {children}
      </Form>
    </FilterPanel>
  );
}

/**
 * A list's search field (`?q=` unless named otherwise): by default a whole row on a phone, at least 16rem
 * beside the other filters from `sm` up. It shows the URL's value again after each navigation (keyed by it),
 * as a fresh load would.
 */
export function FilterSearch({
  id,
  name = "q",
  label,
  placeholder,
  value,
  maxLength,
  dir = "auto",
  className = "min-w-0 flex-1 basis-full sm:min-w-[16rem] sm:basis-auto",
  inputClassName = "py-2",
}: {
  id: string;
  name?: string;
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  /** "ltr" for what is always written left to right (an email address). */
  dir?: "auto" | "ltr";
  /** Classes for the label-and-field box (its width in the bar). */
  className?: string;
  /** Classes added to the field's input style. */
  inputClassName?: string;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={FILTER_LABEL}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name={name}
        dir={dir}
        maxLength={maxLength}
        defaultValue={value}
        key={`${name}-${value}`}
        placeholder={placeholder}
        className={`${inputClass} ${inputClassName}`}
      />
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A labelled select of a filter bar. It shows the URL's value again after each navigation (keyed by it), as
 * a fresh load would; with `autoSubmit` a choice applies the filters at once once the page runs (before
 * that, and without JavaScript, Apply does).
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  autoSubmit = false,
  className = "",
  selectClassName = "py-2",
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  autoSubmit?: boolean;
  /** Classes added to the label-and-select box (its width in the bar). */
  className?: string;
  /** Classes added to the select's input style (its height and width). */
  selectClassName?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={FILTER_LABEL}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={`${name}-${value}`}
        className={`${inputClass} ${selectClassName}`}
        onChange={(e) => {
          if (autoSubmit && hydrated && e.currentTarget.form) void submit(e.currentTarget.form, { preventScrollReset: true });
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Apply, and Clear Filters back to the unfiltered list (when `clear.shown`: while a filter applies, or always). */
export function FilterButtons({
  apply,
  icon: Icon,
  primary = false,
  clear,
}: {
  apply: string;
  icon?: LucideIcon;
  /** The bar's main button (teal) rather than an outlined one. */
  primary?: boolean;
  clear: { href: string; label: string; shown: boolean };
}) {
  return (
    <div className="flex items-center gap-2">
      <button type="submit" className={`${primary ? "btn-primary" : "btn-secondary"} inline-flex ${Icon ? "gap-2 " : ""}px-4 py-2 text-sm`}>
        {Icon && <Icon aria-hidden="true" className="h-4 w-4" />}
        {apply}
      </button>
      {clear.shown && (
        <Link
          to={clear.href}
          preventScrollReset
          className="inline-flex items-center px-2 py-2 text-sm font-medium text-teal-900 underline-offset-4 hover:underline"
        >
          {clear.label}
        </Link>
      )}
    </div>
  );
}

/** A labelled day of a filter bar (`<input type="date">`, YYYY-MM-DD in the URL), shown again after each navigation. */
export function FilterDate({ id, name, label, value, className = "" }: { id: string; name: string; label: string; value: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={FILTER_LABEL}>
        {label}
      </label>
      <input id={id} type="date" name={name} defaultValue={value} key={`${name}-${value}`} className={`${inputClass} py-2`} />
    </div>
  );
}
