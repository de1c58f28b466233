// The fields a person signs in with, the same for staff and instructors: their email address (also what
// the forgot-password form asks for) and their password with show/hide.
import type { FieldMetadata } from "@conform-to/react";
import { EmailField, PasswordField } from "~/components/forms/field-controls.tsx";
import { inputClass } from "~/components/forms/field.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { EMAIL_MAX } from "~/lib/validation.ts";

type Meta = FieldMetadata<unknown>;

/** The account's email; `words` is the locale key holding `email` and `emailPlaceholder`. */
export function AccountEmailField({ meta, words, autoComplete }: { meta: Meta; words: string; autoComplete: "username" | "email" }) {
  const { t } = useI18n();
  const label = t(`${words}.email`);
  const placeholder = t(`${words}.emailPlaceholder`);
  const className = `${inputClass} text-start`;
  return <EmailField {...{ meta, label, placeholder, autoComplete, className }} required maxLength={EMAIL_MAX} />;
}

/** Email and current password, labelled from `words` (`email`, `emailPlaceholder`, `password`). */
export function SignInFields({ email, password, words }: { email: Meta; password: Meta; words: string }) {
  const { t } = useI18n();
  return (
    <>
      <AccountEmailField meta={email} words={words} autoComplete="username" />
      <PasswordField meta={password} label={t(`${words}.password`)} required autoComplete="current-password" />
    </>
  );
}
