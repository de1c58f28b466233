import { Icon } from "~/components/icons/icon.tsx";
import type { ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { SiteLink } from "~/components/ui/site-link.tsx";
import { LogoMark } from "./logo-mark.tsx";
import { FacebookIcon, InstagramIcon, LinkedInIcon, TikTokIcon } from "~/components/ui/brand-icons.tsx";
import type { PublicSettings } from "~/lib/site-layout.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { formatPhone, telHref } from "~/lib/phone.ts";
import { Ltr } from "~/components/ui/bidi.tsx";

/**
 * The public footer: brand, contact details, quick links, social links. Settings that are not set are left
 * out, and so are the contact list and the "Follow us" column when none of theirs is (issue 33: a site
 * without demo content starts with none), never an empty heading or list.
 */
export function SiteFooter({ brand, settings, locale }: { brand: string; settings: PublicSettings; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { contact, social } = settings;
  const socials = (
    [
      [social.facebook, "Facebook", FacebookIcon],
      [social.instagram, "Instagram", InstagramIcon],
      [social.linkedin, "LinkedIn", LinkedInIcon],
      [social.tiktok, "TikTok", TikTokIcon],
    ] as [string | undefined, string, (p: { className?: string }) => ReactNode][]
  ).filter(([href]) => Boolean(href));
  const address = pickText(contact.address, locale);
  const phones = contact.phones ?? [];
  const hasContact = Boolean(address || phones.length || contact.email);
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-200 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-4">
        {/* Without a "Follow us" column the quick links still close the row at the end. */}
        <div className={socials.length > 0 ? "md:col-span-2" : "md:col-span-3"}>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark size={32} />
            <span dir="auto">{brand}</span>
          </p>
          <p className="mt-3 max-w-md text-sm leading-relaxed text-slate-300">
            {pickText(settings.brand.description, locale)}
          </p>
          {hasContact && (
            <ul className="mt-5 space-y-2 text-sm">
              {address && (
                <li className="flex items-start gap-2">
                  <Icon name="map-pin" className="mt-0.5 h-4 w-4 shrink-0" />
                  <span>
                    <span className="sr-only">{t("footer.address")}: </span>
                    {address}
                  </span>
                </li>
              )}
              {phones.map((phone) => (
                <li key={phone} className="flex items-center gap-2">
                  <Icon name="phone" className="h-4 w-4 shrink-0" />
                  <a href={telHref(phone)} className="hover:text-white">
                    <span className="sr-only">{t("footer.phone")}: </span>
                    <Ltr>{formatPhone(phone)}</Ltr>
                  </a>
                </li>
              ))}
              {contact.email && (
                <li className="flex items-center gap-2">
                  <Icon name="mail" className="h-4 w-4 shrink-0" />
                  <a href={`mailto:${contact.email}`} className="hover:text-white">
                    <span className="sr-only">{t("footer.email")}: </span>
                    <Ltr>{contact.email}</Ltr>
                  </a>
                </li>
              )}
            </ul>
          )}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-semibold text-white">
            {t("footer.quickLinks")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {(
              [
                ["/", "nav.home"],
                ["/about", "nav.about"],
                ["/services", "nav.services"],
                ["/courses", "nav.allCourses"],
                ["/contact", "nav.contact"],
                ["/my", "nav.myRequests"],
              ] as const
            ).map(([to, key]) => (
              <li key={to}>
                <SiteLink to={lp(to)} className="hover:text-white">
                  {t(key)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        {socials.length > 0 && (
          <div>
            <h2 className="font-semibold text-white">{t("footer.followUs")}</h2>
            <ul className="mt-3 flex gap-3">
              {socials.map(([href, label, Icon]) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <Icon className="h-5 w-5" />
                    <span className="sr-only">{label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-slate-400">
          {t("footer.rights", { year: new Date().getFullYear(), brand })}
        </p>
      </div>
    </footer>
  );
}
