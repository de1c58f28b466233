// Settings → Payments (issue 37): how long a seat is held for payment, and the manual methods a student is
// offered on their page and in the approval email, each switched on or off with its details (words in both
// languages, numbers once).
import { useI18n } from "~/lib/use-i18n.ts";
import { PAYMENT_METHOD_LIMITS } from "../payment-methods.schema.ts";
import { CheckboxRow, Group, TextArea, TextInput } from "./settings-fields.tsx";
import type { SettingsFields } from "./use-settings-form.ts";

export function SettingsPaymentGroup({ fields }: { fields: SettingsFields }) {
  const { t } = useI18n();
  const p = (key: string) => t(`settings.payments.${key}`);
  const { short, long, account, iban } = PAYMENT_METHOD_LIMITS;
  const method = (name: "instapay" | "wallet" | "bank" | "cash") => (
    <CheckboxRow field={fields[`${name}Enabled`]} label={p(`methods.${name}`)} hint={p(`methods.${name}Hint`)} />
  );
  return (
    <Group id="payments" title={p("title")} description={p("hint")}>
      <TextInput field={fields.holdHours} label={p("holdHours")} lang="latin" inputMode="numeric" hint={p("holdHoursHint")} />
      <div className="hidden md:block" />

      {method("instapay")}
      <TextInput field={fields.instapayAddress} label={p("fields.instapayAddress")} lang="latin" max={short} hint={p("fields.instapayAddressHint")} />
      <TextInput field={fields.instapayMobile} label={p("fields.instapayMobile")} lang="latin" type="tel" max={30} />

      {method("wallet")}
      <TextInput field={fields.walletNumber} label={p("fields.walletNumber")} lang="latin" type="tel" max={30} />
      <div className="hidden md:block" />
      <TextInput field={fields.walletNamesEn} label={p("fields.walletNamesEn")} lang="en" max={short} hint={p("fields.walletNamesHint")} />
      <TextInput field={fields.walletNamesAr} label={p("fields.walletNamesAr")} lang="ar" max={short} />

      {method("bank")}
      <TextInput field={fields.bankNameEn} label={p("fields.bankNameEn")} lang="en" max={short} />
      <TextInput field={fields.bankNameAr} label={p("fields.bankNameAr")} lang="ar" max={short} />
      <TextInput field={fields.bankHolderEn} label={p("fields.bankHolderEn")} lang="en" max={short} />
      <TextInput field={fields.bankHolderAr} label={p("fields.bankHolderAr")} lang="ar" max={short} />
      <TextInput field={fields.bankAccount} label={p("fields.bankAccount")} lang="latin" inputMode="numeric" max={account} />
      <TextInput field={fields.bankIban} label={p("fields.bankIban")} lang="latin" max={iban + 10} hint={p("fields.bankIbanHint")} />

      {method("cash")}
      <TextArea field={fields.cashAddressEn} label={p("fields.cashAddressEn")} lang="en" max={long} />
      <TextArea field={fields.cashAddressAr} label={p("fields.cashAddressAr")} lang="ar" max={long} />
      <TextInput field={fields.cashHoursEn} label={p("fields.cashHoursEn")} lang="en" max={short} hint={p("fields.cashHoursHint")} />
      <TextInput field={fields.cashHoursAr} label={p("fields.cashHoursAr")} lang="ar" max={short} />
    </Group>
  );
}
