// An email address in running text or a narrow table cell: one left-to-right token (isolated from the
// text around it, as every identifier is: see bidi.tsx) that may wrap after "@" and after dots — where a
// reader expects it — and, only when one part alone is wider than its box, anywhere inside that part, so a
// very long address never widens the page.
import { Fragment } from "react";

export function Email({ value, className = "" }: { value: string; className?: string }) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <bdi dir="ltr" className={className ? `[overflow-wrap:anywhere] ${className}` : "[overflow-wrap:anywhere]"}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
