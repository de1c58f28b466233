import { useI18n } from "~/lib/use-i18n.ts";
import { WhatsAppIcon } from "~/components/ui/brand-icons.tsx";
import { chatHref } from "~/lib/catalog-links.ts";

/** Floating chat button: bottom-left in English, bottom-right in Arabic (SPEC), i.e. the inline start side. */
export function ChatButton({ number, greeting }: { number: string; greeting: string }) {
  const { t } = useI18n();
  return (
    <a
      href={chatHref(number, greeting)}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed bottom-5 start-5 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#1f8f4e] text-white shadow-lg hover:bg-[#187a42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#1f8f4e]"
    >
      <WhatsAppIcon className="h-8 w-8" />
      <span className="sr-only">{t("chat.label")}</span>
    </a>
  );
}
