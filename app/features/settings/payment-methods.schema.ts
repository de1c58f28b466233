// Settings → Payments, the manual methods (issue 37 item 4): each switched on or off, with its details in
// both languages where they are words (bank name, which wallets, the office's address and hours) and once
// where they are numbers (mobile numbers in E.164, the account, the IBAN). A method switched on must say
// how to pay with it. Shared by the browser and the server, like the rest of the Settings form.
import { z } from "zod";
import { toWesternDigits } from "~/lib/digits.ts";
import { parsePhone } from "~/lib/phone.ts";
import { optionalTextOrEmpty } from "~/lib/validation.schema.ts";

export const PAYMENT_METHOD_LIMITS = { short: 120, long: 300, account: 40, iban: 34 } as const;

export const PAYMENT_METHOD_ERRORS = {
  tooLong: "settings.errors.methodTextTooLong",
  mobileInvalid: "settings.errors.methodMobileInvalid",
  ibanInvalid: "settings.errors.ibanInvalid",
  accountInvalid: "settings.errors.accountInvalid",
  instapayMissing: "settings.errors.instapayMissing",
  walletMissing: "settings.errors.walletMissing",
  bankMissing: "settings.errors.bankMissing",
  cashMissing: "settings.errors.cashMissing",
  instapayAddressInvalid: "settings.errors.instapayAddressInvalid",
} as const;

const short = optionalTextOrEmpty(PAYMENT_METHOD_LIMITS.short, PAYMENT_METHOD_ERRORS.tooLong);
const long = optionalTextOrEmpty(PAYMENT_METHOD_LIMITS.long, PAYMENT_METHOD_ERRORS.tooLong);
const on = z.boolean({ error: "settings.errors.invalidRequest" }).default(false);

/** An Egyptian mobile number (a wallet or an InstaPay number), stored in E.164; blank → "". */
const mobile = z
  .string({ error: PAYMENT_METHOD_ERRORS.mobileInvalid })
  .max(30, { error: PAYMENT_METHOD_ERRORS.mobileInvalid, abort: true })
  .nullish()
  .transform((v, ctx) => {
    const text = (v ?? "").trim();
    if (text === "") return "";
    const parsed = parsePhone(text);
    if (parsed.ok) return parsed.e164;
    ctx.addIssue({ code: "custom", message: PAYMENT_METHOD_ERRORS.mobileInvalid });
    return z.NEVER;
  });

/** An InstaPay payment address ("name@instapay"): letters, digits, dots, hyphens and underscores, an @. */
const instapayAddress = z
  .string({ error: PAYMENT_METHOD_ERRORS.instapayAddressInvalid })
  .trim()
  .max(PAYMENT_METHOD_LIMITS.short, { error: PAYMENT_METHOD_ERRORS.instapayAddressInvalid, abort: true })
  .nullish()
  .transform((v) => (v ?? "").toLowerCase())
  .refine((v) => v === "" || /^[a-z0-9._-]+@[a-z0-9._-]+$/.test(v), { error: PAYMENT_METHOD_ERRORS.instapayAddressInvalid });

/** Whether an IBAN's check digits hold (ISO 13616: the rearranged number mod 97 is 1). */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** An IBAN as people paste it (spaces, lower case, Arabic-Indic digits), stored compact and upper case. */
const iban = z
  .string({ error: PAYMENT_METHOD_ERRORS.ibanInvalid })
  .max(60, { error: PAYMENT_METHOD_ERRORS.ibanInvalid, abort: true })
  .nullish()
  .transform((v) => toWesternDigits(v ?? "").replace(/[\s-]/g, "").toUpperCase())
  .refine((v) => v === "" || isValidIban(v), { error: PAYMENT_METHOD_ERRORS.ibanInvalid });

/** A bank account number: digits (and spaces or hyphens between them). */
const account = z
  .string({ error: PAYMENT_METHOD_ERRORS.accountInvalid })
  .max(PAYMENT_METHOD_LIMITS.account, { error: PAYMENT_METHOD_ERRORS.accountInvalid, abort: true })
  .nullish()
  .transform((v) => toWesternDigits(v ?? "").trim())
  .refine((v) => v === "" || /^\d[\d -]*\d$|^\d$/.test(v), { error: PAYMENT_METHOD_ERRORS.accountInvalid });

export const paymentMethodFields = {
  instapayEnabled: on,
  instapayAddress,
  instapayMobile: mobile,
  walletEnabled: on,
  walletNumber: mobile,
  walletNamesEn: short,
  walletNamesAr: short,
  bankEnabled: on,
  bankNameEn: short,
  bankNameAr: short,
  bankHolderEn: short,
  bankHolderAr: short,
  bankAccount: account,
  bankIban: iban,
  cashEnabled: on,
  cashAddressEn: long,
  cashAddressAr: long,
  cashHoursEn: short,
  cashHoursAr: short,
};

type MethodValues = { [K in keyof typeof paymentMethodFields]: z.output<(typeof paymentMethodFields)[K]> };

/** A method switched on must say how to pay with it (the error sits on its first detail field). */
export function checkPaymentMethods(v: MethodValues, ctx: z.RefinementCtx): void {
  const missing = (when: boolean, path: keyof MethodValues, message: string) => {
    if (when) ctx.addIssue({ code: "custom", path: [path], message });
  };
  missing(v.instapayEnabled && !v.instapayAddress && !v.instapayMobile, "instapayAddress", PAYMENT_METHOD_ERRORS.instapayMissing);
  missing(v.walletEnabled && !v.walletNumber, "walletNumber", PAYMENT_METHOD_ERRORS.walletMissing);
  missing(v.bankEnabled && !v.bankAccount && !v.bankIban, "bankAccount", PAYMENT_METHOD_ERRORS.bankMissing);
  missing(v.bankEnabled && !v.bankNameEn && !v.bankNameAr, "bankNameEn", PAYMENT_METHOD_ERRORS.bankMissing);
  missing(v.cashEnabled && !v.cashAddressEn && !v.cashAddressAr, "cashAddressEn", PAYMENT_METHOD_ERRORS.cashMissing);
}

/** The stored `methods` of the `payments` row from the form's values (blank pieces left out). */
export function toStoredMethods(v: MethodValues) {
  const t = (value: string) => value || undefined;
  const both = (en: string, ar: string) => (en || ar ? { ...(en ? { en } : {}), ...(ar ? { ar } : {}) } : undefined);
  return {
    instapay: { enabled: v.instapayEnabled, address: t(v.instapayAddress), mobile: t(v.instapayMobile) },
    wallet: { enabled: v.walletEnabled, number: t(v.walletNumber), names: both(v.walletNamesEn, v.walletNamesAr) },
    bank: {
      enabled: v.bankEnabled,
      bank: both(v.bankNameEn, v.bankNameAr),
      holder: both(v.bankHolderEn, v.bankHolderAr),
      account: t(v.bankAccount),
      iban: t(v.bankIban),
    },
    cash: { enabled: v.cashEnabled, address: both(v.cashAddressEn, v.cashAddressAr), hours: both(v.cashHoursEn, v.cashHoursAr) },
  };
}

/** The form's values from the stored `methods` (missing pieces read as empty). */
export function toMethodValues(stored: Record<string, unknown>): MethodValues {
  const r = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {});
  const s = (v: unknown): string => (typeof v === "string" ? v : "");
  const { instapay, wallet, bank, cash } = { instapay: r(stored.instapay), wallet: r(stored.wallet), bank: r(stored.bank), cash: r(stored.cash) };
  return {
    instapayEnabled: instapay.enabled === true,
    instapayAddress: s(instapay.address),
    instapayMobile: s(instapay.mobile),
    walletEnabled: wallet.enabled === true,
    walletNumber: s(wallet.number),
    walletNamesEn: s(r(wallet.names).en),
    walletNamesAr: s(r(wallet.names).ar),
    bankEnabled: bank.enabled === true,
    bankNameEn: s(r(bank.bank).en),
    bankNameAr: s(r(bank.bank).ar),
    bankHolderEn: s(r(bank.holder).en),
    bankHolderAr: s(r(bank.holder).ar),
    bankAccount: s(bank.account),
    bankIban: s(bank.iban),
    cashEnabled: cash.enabled === true,
    cashAddressEn: s(r(cash.address).en),
    cashAddressAr: s(r(cash.address).ar),
    cashHoursEn: s(r(cash.hours).en),
    cashHoursAr: s(r(cash.hours).ar),
  };
}
