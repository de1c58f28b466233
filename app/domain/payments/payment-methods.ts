// How a student can pay by hand (issue 37 item 4): the manual methods staff switch on in Settings →
// Payments, each with its details in both languages: InstaPay (address and/or mobile number), a mobile
// wallet (its number and which wallets), a bank transfer (bank, account holder, account, IBAN) and cash at
// the office (address, opening hours). Stored in the `payments` settings row under `methods`; read here,
// for one language, by the student's page and the emails. No server imports: the browser renders the lines.
import type { Locale } from "~/lib/i18n.ts";
import { formatPhone } from "~/lib/phone.ts";

export const MANUAL_METHODS = ["instapay", "wallet", "bank", "cash"] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];

type Bilingual = { en?: string; ar?: string };

/** The stored shape (every piece optional: a missing or malformed piece reads as absent). */
export interface StoredPaymentMethods {
  instapay?: { enabled?: boolean; address?: string; mobile?: string };
  wallet?: { enabled?: boolean; number?: string; names?: Bilingual };
  bank?: { enabled?: boolean; bank?: Bilingual; holder?: Bilingual; account?: string; iban?: string };
  cash?: { enabled?: boolean; address?: Bilingual; hours?: Bilingual };
}

/** One line of a method's details: what it is (a locale key under `paymentMethods.details`) and its value. */
export interface MethodLine {
  key: string;
  value: string;
  /** A number, an address or an IBAN: shown left to right, isolated, in either language. */
  ltr: boolean;
}

export interface MethodToShow {
  method: ManualMethod;
  lines: MethodLine[];
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The language's text, else the other language's (a detail given in one language only still shows). */
function pick(value: unknown, locale: Locale): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  return text(v[locale]) ?? text(v[locale === "ar" ? "en" : "ar"]);
}

/** A stored E.164 number, grouped as the site shows phones. */
function phone(value: unknown): string | undefined {
  const t = text(value);
  return t ? formatPhone(t) : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The stored methods, parsed leniently (a piece of the wrong type reads as absent). */
export function storedPaymentMethods(payments: Record<string, unknown>): StoredPaymentMethods {
  return record(payments.methods) as StoredPaymentMethods;
}

/**
 * The methods a student is offered, in Settings' order, each with its details in `locale`: only methods
 * switched on that have something to say (a method on but empty is not offered).
 */
export function methodsToShow(payments: Record<string, unknown>, locale: Locale): MethodToShow[] {
  const m = storedPaymentMethods(payments);
  const out: MethodToShow[] = [];
  const add = (method: ManualMethod, enabled: unknown, lines: (MethodLine | null)[]) => {
    const present = lines.filter((l): l is MethodLine => l !== null);
    if (enabled === true && present.length > 0) out.push({ method, lines: present });
  };
  const line = (key: string, value: string | undefined, ltr: boolean): MethodLine | null => (value ? { key, value, ltr } : null);
  const instapay = record(m.instapay);
  add("instapay", instapay.enabled, [line("instapayAddress", text(instapay.address), true), line("instapayMobile", phone(instapay.mobile), true)]);
  const wallet = record(m.wallet);
  add("wallet", wallet.enabled, [line("walletNumber", phone(wallet.number), true), line("walletNames", pick(wallet.names, locale), false)]);
  const bank = record(m.bank);
  add("bank", bank.enabled, [
    line("bankName", pick(bank.bank, locale), false),
    line("bankHolder", pick(bank.holder, locale), false),
    line("bankAccount", text(bank.account), true),
    line("bankIban", text(bank.iban)?.replace(/(.{4})(?=.)/g, "$1 "), true),
  ]);
  const cash = record(m.cash);
  add("cash", cash.enabled, [line("cashAddress", pick(cash.address, locale), false), line("cashHours", pick(cash.hours, locale), false)]);
  return out;
}
