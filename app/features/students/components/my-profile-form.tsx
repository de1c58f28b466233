// "My profile" (issue 38 item 5): a plain form posting its own page, with or without JavaScript; the
// server's refusals come back beside each field with what was typed. With JavaScript, "Suggest from the
// Arabic name" fills an empty English name with a transliteration for the student to correct.
import { useState } from "react";
import { InputControl, inputClass, SelectControl, validated } from "~/components/forms/field.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import type { FormReply } from "~/lib/form-reply.ts";
import { fieldFromReply } from "~/lib/form-reply-field.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { transliterateArabic } from "~/lib/transliterate.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { StudentProfile } from "../student-profile.server.ts";
import { PROFILE_NAME_MAX } from "../student-profile.rules.ts";

/** "laila mahmoud" → "Laila Mahmoud": a name's words capitalised. */
const titleCase = (s: string) => s.replace(/(^|[\s-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

export function MyProfileForm({ profile, saved, reply }: { profile: StudentProfile; saved: boolean; reply: FormReply<{ saved: true }> | undefined }) {
  const { t } = useI18n();
  const p = (key: string) => t(`my.profile.${key}`);
  const hydrated = useHydrated();
  const [suggested, setSuggested] = useState(false);
  const typed = reply?.result?.initialValue as Record<string, unknown> | null | undefined;
  const field = (name: keyof StudentProfile & string, type?: string) => {
    const f = fieldFromReply(reply, name, "profile");
    return validated({ ...f, defaultValue: typed ? f.defaultValue : String(profile[name] ?? "") }, type);
  };
  const nameEn = field("nameEn", "text");
  const nameAr = field("nameAr", "text");
  const reminders = typed ? typed.reminders === "on" : profile.reminders;
  function suggest() {
    const ar = (document.getElementById(nameAr.props.id) as HTMLInputElement | null)?.value ?? "";
    const en = document.getElementById(nameEn.props.id) as HTMLInputElement | null;
    if (!en || !ar.trim()) return;
    en.value = titleCase(transliterateArabic(ar.normalize("NFC")).replace(/\s+/g, " ").trim());
    en.focus();
    setSuggested(true);
  }
  return (
    <form method="post" className="mt-6 space-y-4 rounded-xl border border-slate-200 p-4" noValidate data-testid="my-profile">
      <input type="hidden" name="intent" value="profile" />
      {saved && !reply && (
        <Notice tone="success" reveal>
          {p("saved")}
        </Notice>
      )}
      {reply?.messageKey && (
        <Notice tone="error" reveal>
          {t(reply.messageKey)}
        </Notice>
      )}
      {profile.fromRequest && !reply && <p className="text-sm text-slate-700">{p("fromRequest")}</p>}
      <InputControl wired={nameAr} label={p("nameAr")} hint={p("nameArHint")} dir="rtl" lang="ar" autoComplete="name" maxLength={PROFILE_NAME_MAX} />
      <div>
        <InputControl
          wired={nameEn}
          label={p("nameEn")}
          hint={p("nameEnHint")}
          dir="ltr"
          lang="en"
          autoComplete="name"
          maxLength={PROFILE_NAME_MAX}
          className={`${inputClass} text-start`}
        />
        {hydrated && (
          <button type="button" onClick={suggest} className="mt-2 text-sm font-semibold text-teal-800 underline" data-suggest="">
            {p("suggest")}
          </button>
        )}
        {suggested && (
          <p role="status" className="mt-1 text-sm text-slate-700">
            {p("suggested")}
          </p>
        )}
      </div>
      <InputControl wired={field("phone", "tel")} label={p("phone")} hint={p("phoneHint")} dir="ltr" autoComplete="tel" inputMode="tel" maxLength={40} className={`${inputClass} text-start`} />
      <SelectControl wired={field("locale")} label={p("locale")}>
        <option value="ar">{p("locales.ar")}</option>
        <option value="en">{p("locales.en")}</option>
      </SelectControl>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input type="checkbox" name="reminders" defaultChecked={reminders} className="mt-0.5 h-5 w-5 shrink-0 accent-teal-700" data-reminders="" />
        <span>{p("reminders")}</span>
      </label>
      <button type="submit" className="btn-primary inline-flex w-full justify-center px-5 py-2.5 sm:w-auto">
        {p("save")}
      </button>
    </form>
  );
}
