// 'Enroll Now' on the course page (issue 19): the link used by the desktop side panel and by the phone's
// bottom bar (the enrollment dialog with JavaScript, the enroll page without), and that bottom bar.
import { Link, useRouteLoaderData } from "react-router";
import { ChatBarButton } from "~/components/layout/chat-button.tsx";
import { preloadEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { courseHref } from "~/lib/catalog-links.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import type { PublicSettings } from "~/lib/site-layout.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

/** `label`: the course page's words for it ("Join the waiting list" when every run is full); "Enroll Now" without. */
export function EnrollLink({ slug, onEnroll, className, label }: { slug: string; onEnroll: () => void; className: string; label?: string }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <Link
      to={lp(`${courseHref(slug)}/enroll`)}
      className={className}
      onMouseEnter={preloadEnrollmentDialog}
      onFocus={preloadEnrollmentDialog}
      onClick={(e) => {
        e.preventDefault();
        onEnroll();
      }}
    >
      {label ?? t("catalog.course.enrollNow")}
    </Link>
  );
}

/** The price as the page shows it: the amount, 'Free', or 'Contact us for the price' when hidden or absent. */
export function usePriceText(course: { price: number | null; priceVisible: boolean }, price: string | null): string {
  const { t } = useI18n();
  if (!course.priceVisible) return t("catalog.course.priceOnRequest");
  return price ?? t("courseCard.free");
}

/**
 * Phones (< lg): a bar fixed to the bottom of the screen with the chat (WhatsApp) button, the price and
 * Enroll Now, 72 px tall: the only thing fixed at the bottom (issue 36 item 4: the chat dock above it took
 * another 56 px). The body gets the same padding at the bottom while the bar is shown, so the page's last
 * content and the footer scroll above it. `data-bottom-bar` is the contract with the chat dock: app/app.css
 * hides the dock while such a bar shows, the bar holding its button. Hidden from lg up, where the side
 * panel holds the same (and the dock or the floating button shows).
 */
export function CourseEnrollBar({
  slug,
  priceText,
  nextStart = null,
  enrollLabel,
  onEnroll,
}: {
  slug: string;
  priceText: string;
  /** "Next start: Jan 12" under the price (issue 20), or that every run is full, when the course has runs. */
  nextStart?: string | null;
  /** The button's words (EnrollLink's `label`). */
  enrollLabel?: string;
  onEnroll: () => void;
}) {
  const { t } = useI18n();
  const root = useRouteLoaderData<{ settings?: PublicSettings; locale?: Locale }>("root");
  const contact = root?.settings?.contact;
  return (
    <div
      data-bottom-bar=""
      role="region"
      aria-label={t("catalog.coursePage.enrollBar")}
      className="fixed inset-x-0 bottom-0 z-30 flex h-[72px] items-center gap-3 border-t border-slate-200 bg-white/95 px-4 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden max-lg:[body:has(&)]:pb-[72px]"
    >
      {contact?.chatNumber && <ChatBarButton number={contact.chatNumber} greeting={pickText(contact.chatGreeting, root?.locale ?? "en")} />}
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-600">{t("catalog.course.price")}</p>
        <p className="truncate font-bold text-teal-900">
          <bdi>{priceText}</bdi>
        </p>
        {nextStart && <p data-next-start="" className="truncate text-xs font-medium text-teal-800">{nextStart}</p>}
      </div>
      <EnrollLink slug={slug} onEnroll={onEnroll} label={enrollLabel} className="btn-primary flex shrink-0 py-2.5" />
    </div>
  );
}
