// The enrollment form's phone: the country code and the number, whose hint and example follow the country.
import { useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { InputControl, inputClass, SelectControl, validated } from "~/components/forms/field.tsx";
import type { ValidatedField } from "~/lib/form-validation.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { EGYPT_DIAL_CODE } from "~/lib/phone.ts";
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from "../enrollment.rules.ts";

/** Country code and phone number side by side; an Egyptian number has rules (and an example) of its own. */
export function EnrollmentPhoneFields({ countryCode, phoneNumber, locale }: { countryCode: ValidatedField; phoneNumber: ValidatedField; locale: Locale }) {
  const { t } = useI18n();
  // The phone's hint and example follow the chosen country: an Egyptian number has rules of its own.
  // A choice is the select's until the form starts over (a new key: the select shows its default again).
  const [choice, setChoice] = useState<{ key: string; value: string } | null>(null);
  const initialCountry = countryCode.defaultValue ?? DEFAULT_COUNTRY_CODE;
  const country = choice?.key === countryCode.key ? choice.value : initialCountry;
  const egyptian = country === EGYPT_DIAL_CODE;
  return (
    <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-3">
      <SelectControl
        wired={validated({ ...countryCode, defaultValue: initialCountry })}
        label={t("enrollment.fields.countryCode.label")}
        onChange={(event) => setChoice({ key: countryCode.key, value: event.currentTarget.value })}
        autoComplete="tel-country-code"
      >
        {COUNTRY_CODES.map((c) => (
          <option key={c.code} value={c.code}>
            {/* LRM keeps "+20" reading left to right inside Arabic text. */}
            {`${pickText(c.name, locale)} (\u200E${c.code})`}
          </option>
        ))}
      </SelectControl>
      <InputControl
        // The national part of the number after the country code: autofill's "tel-national", which HTML allows
        // on a text field only (type="tel" takes the whole number, "tel"); inputMode still brings the phone keypad.
        wired={validated(phoneNumber, "text")}
        label={t("enrollment.fields.phoneNumber.label")}
        required
        hint={t(egyptian ? "enrollment.fields.phoneNumber.hintEgypt" : "enrollment.fields.phoneNumber.hint")}
        autoComplete="tel-national"
        dir="ltr"
        inputMode="tel"
        maxLength={30}
        placeholder={egyptian ? t("enrollment.fields.phoneNumber.placeholder") : undefined}
        className={`${inputClass} text-start`}
      />
    </div>
  );
}
