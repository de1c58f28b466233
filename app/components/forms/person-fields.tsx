// The person a public form comes from (the contact message, the enrollment request): a name and an email
// address, with the same limits, autofill and direction on both forms. Conform-free (controls.tsx).
import type { ValidatedField } from "~/lib/form-validation.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { EMAIL_MAX } from "~/lib/validation.ts";
import { InputControl, inputClass, validated } from "./field.tsx";

/** Name then email, both required; `nameMax` is the form's own limit for the name. */
export function PersonFields({
  name,
  email,
  nameMax,
  keys,
}: {
  name: ValidatedField;
  email: ValidatedField;
  nameMax: number;
  /** Each field's locale key, under which its `label` and `placeholder` are. */
  keys: { name: string; email: string };
}) {
  const { t } = useI18n();
  const words = (key: string) => ({ label: t(`${key}.label`), placeholder: t(`${key}.placeholder`) });
  return (
    <>
      <InputControl wired={validated(name, "text")} {...words(keys.name)} required autoComplete="name" maxLength={nameMax} />
      <InputControl
        wired={validated(email, "email")}
        {...words(keys.email)}
        required
        autoComplete="email"
        dir="ltr"
        maxLength={EMAIL_MAX}
        className={`${inputClass} text-start`}
      />
    </>
  );
}
