// "Send me my request's link" (issue 37 item 3): a plain form (reference and email) that posts the page
// itself, with or without JavaScript; the server's refusals come back beside their fields with what was
// typed (no validation code of its own). After a post, the same answer whether or not the two matched.
import { Honeypot, InputControl, validated } from "~/components/forms/field.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import type { FormReply } from "~/lib/form-reply.ts";
import { fieldFromReply } from "~/lib/form-reply-field.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

export function FindLinkPage({ sent, reply }: { sent: boolean; reply: FormReply<{ sent: true }> | undefined }) {
  const { t } = useI18n();
  const f = (key: string) => t(`findLink.${key}`);
  const lp = useLocalePath();
  const reference = validated(fieldFromReply(reply, "reference", "find"));
  const email = validated(fieldFromReply(reply, "email", "find"), "email");
  return (
    <article className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-teal-950 sm:text-3xl">{f("heading")}</h1>
      <p className="mt-2 text-slate-700">{f("intro")}</p>
      {sent ? (
        <div className="mt-6" data-link-sent="">
          <Notice tone="success">{f("sent")}</Notice>
          {/* Another request, or a typo: the empty form again (a plain link: the answer page is ?sent=1). */}
          <a href={lp("/enrollment")} className="mt-3 inline-block text-teal-800 underline" data-send-again="">
            {f("again")}
          </a>
        </div>
      ) : (
        <form method="post" className="relative mt-6 space-y-4 rounded-xl border border-slate-200 p-4" noValidate>
          {reply?.messageKey && (
            <Notice tone="error" reveal>
              {t(reply.messageKey)}
            </Notice>
          )}
          <InputControl wired={reference} label={f("reference")} hint={f("referenceHint")} dir="ltr" autoComplete="off" maxLength={60} required />
          <InputControl wired={email} label={f("email")} dir="ltr" autoComplete="email" maxLength={254} required />
          <Honeypot label={f("website")} />
          <button type="submit" className="btn-primary inline-flex w-full justify-center px-5 py-2.5 sm:w-auto">
            {f("submit")}
          </button>
        </form>
      )}
    </article>
  );
}

