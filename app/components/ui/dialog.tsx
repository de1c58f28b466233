import { Icon } from "~/components/icons/icon.tsx";
import { Dialog as RadixDialog } from "radix-ui";
import { useRef, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class for the panel. */
  size?: "sm" | "md" | "lg";
  /** Runs as the dialog opens, before focus moves into it (document.activeElement is still the opener). */
  onOpening?: () => void;
  /** Where focus goes once the dialog has closed; by default the element focused before it opened. */
  onClosed?: () => void;
}

const SIZES = { sm: "sm:max-w-md", md: "sm:max-w-lg", lg: "sm:max-w-2xl" } as const;

/** The first field of a dialog's body (`data-autofocus` wins), or null when it has none. */
export function firstField(body: HTMLElement): HTMLElement | null {
  const marked = body.querySelector<HTMLElement>("[data-autofocus]");
  if (marked) return marked;
  const fields = body.querySelectorAll<HTMLElement>(
    "input:not([type=hidden]):not([type=file]):not([disabled]), select:not([disabled]), textarea:not([disabled])",
  );
  for (const field of fields) if (field.getClientRects().length > 0) return field;
  return null;
}

/**
 * Accessible modal: focus trapped, Escape closes, labelled by its title, mirrored in RTL. Below the `sm`
 * breakpoint it is a full-screen sheet (the title and Close stay in view, the body scrolls, the safe areas
 * of a notched phone are kept clear); from `sm` up a centred panel. On opening,
 * focus goes to the first field of the body (not the close button); a body without fields gets the
 * dialog itself, so a screen reader starts at the title.
 */
export function Dialog({ open, onOpenChange, title, description, children, size = "md", onOpening, onClosed }: DialogProps) {
  const { t } = useI18n();
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // What had focus when the dialog opened. Radix returns focus to what was focused when its focus scope
  // last mounted, which is inside the dialog once the scope mounts again while open (the enrollment dialog
  // swaps "loading" for its form), and focus then fell to <body> on closing (issue 36 item 5).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          ref={content}
          className={`fixed inset-0 z-50 flex flex-col bg-white shadow-xl focus:outline-none sm:inset-auto sm:start-1/2 sm:top-1/2 sm:max-h-[90vh] sm:w-[calc(100%-2rem)] ${SIZES[size]} sm:-translate-y-1/2 sm:rounded-2xl sm:ltr:-translate-x-1/2 sm:rtl:translate-x-1/2`}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            if (active instanceof HTMLElement && !content.current?.contains(active) && active !== document.body) opener.current = active;
            onOpening?.();
            event.preventDefault();
            const target = (body.current && firstField(body.current)) ?? content.current;
            target?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            if (onClosed) {
              event.preventDefault();
              onClosed();
            } else if (back?.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
        >
          <div className="shrink-0 border-b border-slate-200 px-[max(1rem,env(safe-area-inset-left),env(safe-area-inset-right))] pb-3 pt-[max(0.75rem,env(safe-area-inset-top))] sm:border-b-0 sm:px-6 sm:pb-0 sm:pt-6">
            <div className="flex items-start justify-between gap-4">
              <RadixDialog.Title className="min-w-0 text-lg font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-xl">{title}</RadixDialog.Title>
              <RadixDialog.Close
                className="-m-1.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-800"
                aria-label={t("actions.close")}
              >
                <Icon name="x" className="h-5 w-5" />
              </RadixDialog.Close>
            </div>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{description}</RadixDialog.Description>
            )}
          </div>
          <div
            ref={body}
            data-dialog-body=""
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-[max(1rem,env(safe-area-inset-left),env(safe-area-inset-right))] pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-6"
          >
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
