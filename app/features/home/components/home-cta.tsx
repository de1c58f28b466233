import { Link } from "react-router";
import { WhatsAppIcon } from "~/components/ui/brand-icons.tsx";
import { chatHref } from "~/lib/catalog-links.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

/**
 * The closing call: the catalogue, and WhatsApp when Settings give a chat number; without one (a new site,
 * issue 33) the Contact page's form, which is always there.
 */
export function HomeCta({ chatNumber, greeting }: { chatNumber: string | null | undefined; greeting: string }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="home-cta-title" className="bg-gradient-to-b from-white to-teal-50">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="home-cta-title" className="text-3xl font-bold text-teal-950">
          {t("homePage.cta.title")}
        </h2>
        <p className="mt-4 text-lg text-slate-700">{t(chatNumber ? "homePage.cta.text" : "homePage.cta.textNoChat")}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link to={lp("/courses")} className="btn-primary inline-flex">
            {t("homePage.cta.browse")}
          </Link>
          {chatNumber ? (
            <a
              href={chatHref(chatNumber, greeting)}
              target="_blank"
              rel="noopener noreferrer"
              data-home-whatsapp=""
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-[#1a7f45] px-5 py-3 font-semibold text-white shadow-sm hover:bg-[#156a39] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#1a7f45]"
            >
              <WhatsAppIcon className="h-5 w-5" />
              {t("homePage.cta.whatsapp")}
            </a>
          ) : (
            <Link to={lp("/contact")} className="btn-secondary inline-flex">
              {t("homePage.cta.contact")}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
