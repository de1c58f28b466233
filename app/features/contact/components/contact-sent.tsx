import { useEffect, useRef } from "react";
import { Link, useNavigationType } from "react-router";
import { Icon } from "~/components/icons/icon.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

/**
 * The contact form's confirmation (issue 36 item 5): a page of its own (`/contact?sent=1`, where the post
 * redirects with or without JavaScript), so it stays until the visitor leaves, a reload shows it again
 * without sending anything twice, and Back returns to an empty form. It says the message was received and
 * what happens next. Reached from the form in the page (not by Back or a reload), its heading takes focus,
 * so a screen reader reads it at once; without JavaScript the page's title says it.
 */
export function ContactSent({ titleId }: { titleId: string }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const heading = useRef<HTMLHeadingElement>(null);
  const arrival = useNavigationType();
  useEffect(() => {
    if (arrival !== "POP") heading.current?.focus();
  }, [arrival]);
  return (
    <div data-contact-sent="" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950">
      <div className="flex items-start gap-3">
        <Icon name="circle-check" className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700" />
        <div className="min-w-0">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            {t("contact.sent.title")}
          </h2>
          <p className="mt-2">{t("contact.success")}</p>
          <p className="mt-2 text-sm leading-relaxed">{t("contact.sent.next")}</p>
        </div>
      </div>
      <Link to={lp("/contact")} className="btn-secondary mt-5 inline-flex">
        {t("contact.sent.another")}
      </Link>
    </div>
  );
}
