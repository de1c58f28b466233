// The Settings form's sections: the site's brand, contact, social links and chat; the About figures, the
// course cards, the runs and security.
import { SETTINGS_CONTACT_ANCHOR } from "~/lib/admin-pages.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { SETTINGS_LIMITS } from "../settings-admin.schema.ts";
import { CheckboxRow, Group, TextArea, TextInput } from "./settings-fields.tsx";
import type { SettingsFields } from "./use-settings-form.ts";
import { SettingsPaymentGroup } from "./payment-method-groups.tsx";

/** Brand, contact (the dashboard's "Finish setting up" links here), social links and chat. */
export function SettingsSiteGroups({ fields }: { fields: SettingsFields }) {
  const { t } = useI18n();
  return (
    <>
      <Group title={t("settings.groups.brand")} description={t("settings.groups.brandHint")}>
        <TextInput field={fields.brandNameEn} label={t("settings.fields.brandNameEn")} lang="en" max={SETTINGS_LIMITS.brandName} required />
        <TextInput field={fields.brandNameAr} label={t("settings.fields.brandNameAr")} lang="ar" max={SETTINGS_LIMITS.brandName} />
        <TextArea
          field={fields.brandDescriptionEn}
          label={t("settings.fields.brandDescriptionEn")}
          lang="en"
          max={SETTINGS_LIMITS.brandDescription}
        />
        <TextArea
          field={fields.brandDescriptionAr}
          label={t("settings.fields.brandDescriptionAr")}
          lang="ar"
          max={SETTINGS_LIMITS.brandDescription}
        />
      </Group>

      {/* The dashboard's "Finish setting up" links here. */}
      <Group id={SETTINGS_CONTACT_ANCHOR} title={t("settings.groups.contact")} description={t("settings.groups.contactHint")}>
        <TextArea field={fields.addressEn} label={t("settings.fields.addressEn")} lang="en" max={SETTINGS_LIMITS.address} />
        <TextArea field={fields.addressAr} label={t("settings.fields.addressAr")} lang="ar" max={SETTINGS_LIMITS.address} />
        {(["phone1", "phone2"] as const).map((name) => (
          <TextInput
            key={name}
            field={fields[name]}
            label={t(`settings.fields.${name}`)}
            lang="latin"
            type="tel"
            max={SETTINGS_LIMITS.phone}
            hint={t("settings.fields.phoneHint")}
          />
        ))}
        <TextInput field={fields.email} label={t("settings.fields.email")} lang="latin" type="email" max={SETTINGS_LIMITS.email} />
        <TextInput
          field={fields.notifyEmail}
          label={t("settings.fields.notifyEmail")}
          lang="latin"
          type="email"
          max={SETTINGS_LIMITS.email}
          hint={t("settings.fields.notifyEmailHint")}
        />
      </Group>

      <Group title={t("settings.groups.social")} description={t("settings.groups.socialHint")}>
        {(["facebook", "instagram", "linkedin", "tiktok"] as const).map((name) => (
          <TextInput key={name} field={fields[name]} label={t(`settings.fields.${name}`)} lang="latin" type="url" max={SETTINGS_LIMITS.url} />
        ))}
      </Group>

      <Group title={t("settings.groups.chat")} description={t("settings.groups.chatHint")}>
        <TextInput
          field={fields.chatNumber}
          label={t("settings.fields.chatNumber")}
          lang="latin"
          type="tel"
          max={20}
          hint={t("settings.fields.chatNumberHint")}
        />
        <div className="hidden md:block" />
        <TextArea field={fields.chatGreetingEn} label={t("settings.fields.chatGreetingEn")} lang="en" max={SETTINGS_LIMITS.greeting} />
        <TextArea field={fields.chatGreetingAr} label={t("settings.fields.chatGreetingAr")} lang="ar" max={SETTINGS_LIMITS.greeting} />
      </Group>
    </>
  );
}

/** The About page's figures, the course cards, the runs and security. */
export function SettingsPublicGroups({ fields }: { fields: SettingsFields }) {
  const { t } = useI18n();
  // A threshold: a whole number, its label and its hint (`<key>Hint`).
  const figure = (field: SettingsFields[keyof SettingsFields], key: string) => (
    <TextInput field={field} label={t(key)} lang="latin" inputMode="numeric" hint={t(`${key}Hint`)} />
  );
  return (
    <>
      <Group title={t("settings.groups.about")} description={t("settings.groups.aboutHint")}>
        {/* Text inputs, not number: Arabic-Indic digits are accepted (D26; the schema reads them as 0–9). */}
        {(["yearsOfExperience", "partners", "students"] as const).map((name) => (
          <TextInput key={name} field={fields[name]} label={t(`settings.fields.${name}`)} lang="latin" inputMode="numeric" />
        ))}
      </Group>

      <Group title={t("settings.cards.title")} description={t("settings.cards.hint")}>
        {figure(fields.enrolledCountFrom, "settings.cards.enrolledCountFrom")}
      </Group>

      <Group title={t("settings.runs.title")} description={t("settings.runs.hint")}>
        {figure(fields.seatsLeftFrom, "settings.runs.seatsLeftFrom")}
        <CheckboxRow field={fields.contactWhenNoRuns} label={t("settings.runs.contactWhenNoRuns")} hint={t("settings.runs.contactWhenNoRunsHint")} />
      </Group>

      <SettingsPaymentGroup fields={fields} />

      <Group title={t("settings.groups.security")}>
        <CheckboxRow field={fields.twoFactorRequired} label={t("settings.fields.twoFactorRequired")} hint={t("settings.fields.twoFactorRequiredHint")} />
      </Group>

      <Group title={t("settings.privacy.title")} description={t("settings.privacy.hint")}>
        {figure(fields.retentionMonths, "settings.privacy.retentionMonths")}
      </Group>
    </>
  );
}
