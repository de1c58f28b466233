import { X } from "lucide-react";
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

const SIZES = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" } as const;

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
 * Accessible modal: focus trapped, Escape closes, labelled by its title, mirrored in RTL. On opening,
 * focus goes to the first field of the body (not the close button); a body without fields gets the
 * dialog itself, so a screen reader starts at the title.
 */
export function Dialog({ open, onOpenChange, title, description, children, size = "md", onOpening, onClosed }: DialogProps) {
  const { t } = useI18n();
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          ref={content}
          className={`fixed start-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] ${SIZES[size]} -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2 focus:outline-none`}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            onOpening?.();
            event.preventDefault();
            const target = (body.current && firstField(body.current)) ?? content.current;
            target?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!onClosed) return;
            event.preventDefault();
            onClosed();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-bold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-800"
              aria-label={t("actions.close")}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
          )}
          <div ref={body} className="mt-4">
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
