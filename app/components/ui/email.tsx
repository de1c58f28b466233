// An email address in running text or a narrow table cell: one left-to-right token (isolated from the
// text around it, as every identifier is: see bidi.tsx) that may wrap after "@" and after dots — where a
// reader expects it — and, only when one part alone is wider than its box, anywhere inside that part, so a
// very long address never widens the page.
//
// Addresses here are mostly visitors' (issue 34 item 7): shown through emailForStaff, without direction
// controls, and one that mixes alphabets (a Cyrillic "а" in "exаmple.com") flagged, its domain in punycode.
import { Fragment } from "react";
import { Icon } from "~/components/icons/icon.tsx";
import { emailForStaff } from "~/lib/display-text.ts";
import { useI18n } from "~/lib/use-i18n.ts";

export function Email({ value, className = "" }: { value: string; className?: string }) {
  const { shown, mixedScript } = emailForStaff(value);
  const parts = shown.split(/(?<=[@.])/);
  const address = (
    <bdi dir="ltr" className={className ? `[overflow-wrap:anywhere] ${className}` : "[overflow-wrap:anywhere]"}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
  if (!mixedScript) return address;
  // A margin, not a space: inside a mailto: link a space would be underlined with the address.
  return (
    <>
      {address}
      <MixedScriptMark />
    </>
  );
}

/** The warning beside an address that mixes alphabets: seen (icon and a short word), and named in full. */
export function MixedScriptMark() {
  const { t } = useI18n();
  const label = t("admin.mixedScript.label");
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-mixed-script=""
      className="ms-1 inline-flex items-center gap-0.5 whitespace-nowrap rounded bg-amber-100 px-1 align-middle text-xs font-semibold text-amber-900 no-underline"
    >
      <Icon name="circle-exclamation-point" className="h-3.5 w-3.5" />
      {t("admin.mixedScript.short")}
    </span>
  );
}
