import { useI18n } from "~/lib/use-i18n.ts";
import { WhatsAppIcon } from "~/components/ui/brand-icons.tsx";
import { chatHref } from "~/lib/catalog-links.ts";

/**
 * The chat (WhatsApp) button, on the inline start side: bottom-left in English, bottom-right in Arabic
 * (SPEC). Where the side margins leave room for it (82rem up) a round floating button; on narrower screens,
 * phones first, a labelled button in a slim bottom dock that the page reserves room for, so it never lies
 * over a price, a link or text (issue 19). It hides while the
 * mobile menu is open and sits above a course page's bottom bar (`[data-bottom-bar]`). All of it is CSS
 * (app/app.css, `.chat-dock`): no script on the page for it. The green is dark enough for white text (5.4:1).
 */
export function ChatButton({ number, greeting }: { number: string; greeting: string }) {
  const { t } = useI18n();
  return (
    // A landmark of its own (complementary, named "Chat"), so the button is not left outside every region
    // of the page (issue 36 item 7); `aside` has no style of its own: the dock looks as it did.
    <aside className="chat-dock" data-chat-dock="" aria-label={t("chat.region")}>
      <a
        href={chatHref(number, greeting)}
        target="_blank"
        rel="noopener noreferrer"
        data-chat-button=""
        className="chat-button bg-[#187a42] text-white shadow-lg hover:bg-[#136536] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#187a42]"
      >
        <WhatsAppIcon className="chat-button-icon" />
        <span className="chat-button-label">{t("chat.label")}</span>
      </a>
    </aside>
  );
}

/**
 * The chat button inside a phone's bottom bar (a course page's price bar): a round 44 px button at the bar's
 * inline start, named by its label, so the page has one bar at the bottom instead of the dock above the bar
 * (issue 36 item 4). The dock itself hides while such a bar shows (app/app.css).
 */
export function ChatBarButton({ number, greeting }: { number: string; greeting: string }) {
  const { t } = useI18n();
  return (
    <a
      href={chatHref(number, greeting)}
      target="_blank"
      rel="noopener noreferrer"
      data-bar-chat=""
      aria-label={t("chat.label")}
      title={t("chat.label")}
      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-[#187a42] text-white hover:bg-[#136536] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#187a42]"
    >
      <WhatsAppIcon className="size-6" />
    </a>
  );
}
