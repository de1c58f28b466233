// "Email me a sign-in link" (issue 38 item 1): a plain form that posts the page itself, with or without
// JavaScript; the server's refusals come back beside the field with what was typed. After a post, the
// same answer whether or not the address made requests. Also under an expired link's confirmation page.
import { Honeypot, InputControl, validated } from "~/components/forms/field.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import type { FormReply } from "~/lib/form-reply.ts";
import { fieldFromReply } from "~/lib/form-reply-field.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

export function MySignInForm({ sent, reply, action }: { sent: boolean; reply: FormReply<{ sent: true }> | undefined; action?: string }) {
  const { t } = useI18n();
  const s = (key: string) => t(`my.signIn.${key}`);
  const lp = useLocalePath();
  const email = validated(fieldFromReply(reply, "email", "my"), "email");
  if (sent) {
    return (
      <div className="mt-6" data-link-sent="">
        <Notice tone="success">{s("sent")}</Notice>
        <a href={lp("/my")} className="mt-3 inline-block text-teal-800 underline" data-send-again="">
          {s("again")}
        </a>
      </div>
    );
  }
  return (
    <form method="post" action={action} className="relative mt-6 space-y-4 rounded-xl border border-slate-200 p-4" noValidate data-testid="my-sign-in">
      <input type="hidden" name="intent" value="sign-in" />
      {reply?.messageKey && (
        <Notice tone="error" reveal>
          {t(reply.messageKey)}
        </Notice>
      )}
      <InputControl wired={email} label={s("email")} dir="ltr" autoComplete="email" maxLength={254} required />
      <Honeypot label={s("website")} />
      <button type="submit" className="btn-primary inline-flex w-full justify-center px-5 py-2.5 sm:w-auto">
        {s("submit")}
      </button>
    </form>
  );
}
