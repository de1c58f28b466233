// The one notice of the site (issue 35 item 1): a message that stays on the page, in one of four tones.
// An error or a warning is an alert (read out at once), a success or an information a status. A form's
// failure (FormAlert in the admin kit, the sign-in pages, the public forms), the outcome of a post without
// JavaScript, a refusal said before the click: all are this. Toasts are only for passing confirmations.
import { useEffect, useRef, type ReactNode } from "react";

export type NoticeTone = "error" | "success" | "info" | "warning";

const TONES: Record<NoticeTone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-950",
  info: "border-teal-200 bg-teal-50 text-teal-950",
  warning: "border-amber-200 bg-amber-50 text-amber-950",
};

export function Notice({
  tone,
  className = "",
  as: Tag = "p",
  reveal = false,
  children,
}: {
  tone: NoticeTone;
  /** Placement (a margin); the look is the tone's. */
  className?: string;
  /** A paragraph, or a block when the message holds more than a line of text. */
  as?: "p" | "div";
  /**
   * Scrolled into view when it appears: a long form is submitted from its bottom, and a refusal at its top
   * ("a colleague saved this first") would go unseen above the fold of a dialog.
   */
  reveal?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView({ block: "nearest" });
  }, [reveal, children]);
  const role = tone === "error" || tone === "warning" ? "alert" : "status";
  return (
    <Tag ref={(el: HTMLElement | null) => void (ref.current = el)} role={role} className={`${className} rounded-lg border p-3 text-sm ${TONES[tone]}`.trim()}>
      {children}
    </Tag>
  );
}
