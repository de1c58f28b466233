import { withPublicStrings } from "~/lib/i18n-client.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { contactSchema, isHoneypotFilled } from "~/features/contact/contact.schema.ts";
import { createContactMessage } from "~/features/contact/contact.server.ts";
import { ContactForm } from "~/features/contact/components/contact-form.tsx";
import { ContactSent } from "~/features/contact/components/contact-sent.tsx";
import { redirect } from "react-router";
import { getLocale } from "~/lib/context.server.ts";
import { publicFormAction } from "~/lib/form-action.server.ts";
import { isLocale, pickText } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import { formatPhone, telHref } from "~/lib/phone.ts";
import { Ltr } from "~/components/ui/bidi.tsx";
import { Icon } from "~/components/icons/icon.tsx";
import { rateLimits } from "~/lib/rate-limit.server.ts";
import { metaOf } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/contact";

/** The confirmation's address: a sent message redirects here (issue 36 item 5). */
const SENT = "/contact?sent=1";

export function loader({ context, request }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { title: t(sent ? "contact.sent.title" : "contactPage.metaTitle"), description: t("contactPage.metaDescription"), sent };
}

export async function action({ request, context }: Route.ActionArgs) {
  const reply = await publicFormAction({
    request,
    context,
    schema: contactSchema,
    limiter: rateLimits.contact,
    failureKey: "contact.error",
    isBot: isHoneypotFilled,
    botReply: { id: "" },
    handle: (value, locale) => createContactMessage(value, { locale }),
  });
  // Sent (a bot's post looks the same): the confirmation page, so a reload never posts again (303: a GET).
  const locale = getLocale(context);
  if (reply.data.success) throw redirect(localePath(isLocale(locale) ? locale : "en", SENT), 303);
  return reply;
}

/** Document responses carry the action's headers too (Retry-After on 429). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
};

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

// The confirmation is not a page for search engines.
export const meta: Route.MetaFunction = (args) => metaOf("/contact", { noindex: args.loaderData?.sent })(args);

export default function ContactPage({ matches, loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const root = matches[0].loaderData;
  const { contact } = root.settings;
  // Settings without contact details (a new site, issue 33): the form alone, no empty "details" box.
  const hasDetails = Boolean(contact.address || contact.phones?.length || contact.email);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-teal-950">{t("contactPage.heading")}</h1>
      <p className="mt-3 max-w-2xl text-slate-700">{t("contactPage.intro")}</p>
      <div className={hasDetails ? "mt-10 grid gap-10 lg:grid-cols-[1fr_380px]" : "mt-10 max-w-3xl"}>
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
          {loaderData.sent ? (
            <ContactSent titleId="contact-form-title" />
          ) : (
            <>
              <h2 id="contact-form-title" className="mb-4 text-xl font-semibold">
                {t("contact.formTitle")}
              </h2>
              <ContactForm initialReply={actionData} />
            </>
          )}
        </section>
        {hasDetails && (
          <section aria-labelledby="contact-details-title" className="h-fit rounded-2xl bg-teal-50 p-6">
            <h2 id="contact-details-title" className="text-xl font-semibold text-teal-950">
              {t("contactPage.detailsTitle")}
            </h2>
            <dl className="mt-4 space-y-4 text-slate-800">
              {contact.address && (
                <div className="flex gap-3">
                  <dt>
                    <Icon name="map-pin" className="h-5 w-5 text-teal-800" />
                    <span className="sr-only">{t("contactPage.address")}</span>
                  </dt>
                  <dd>{pickText(contact.address, root.locale)}</dd>
                </div>
              )}
              {contact.phones && contact.phones.length > 0 && (
                <div className="flex gap-3">
                  <dt>
                    <Icon name="phone" className="h-5 w-5 text-teal-800" />
                    <span className="sr-only">{t("contactPage.phones")}</span>
                  </dt>
                  <dd className="space-y-1">
                    {contact.phones.map((p) => (
                      <a key={p} href={telHref(p)} className="block hover:underline">
                        <Ltr>{formatPhone(p)}</Ltr>
                      </a>
                    ))}
                  </dd>
                </div>
              )}
              {contact.email && (
                <div className="flex gap-3">
                  <dt>
                    <Icon name="mail" className="h-5 w-5 text-teal-800" />
                    <span className="sr-only">{t("contactPage.email")}</span>
                  </dt>
                  <dd>
                    <a href={`mailto:${contact.email}`} className="hover:underline">
                      <Ltr>{contact.email}</Ltr>
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}
