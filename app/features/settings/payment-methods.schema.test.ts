import { describe, expect, it } from "vitest";
import { methodsToShow } from "~/domain/payments/payment-methods.ts";
import { siteSettingsSchema } from "./settings-admin.schema.ts";
import { isValidIban, toStoredMethods } from "./payment-methods.schema.ts";

const base = { brandNameEn: "Nile Academy" };
const errorsOf = (input: Record<string, unknown>) => {
  const r = siteSettingsSchema.safeParse({ ...base, ...input });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("Settings → Payments' manual methods", () => {
  it("checks an IBAN's check digits, as people paste it", () => {
    expect(isValidIban("EG380019000500000000263180002")).toBe(true);
    expect(isValidIban("EG390019000500000000263180002")).toBe(false);
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    const parsed = siteSettingsSchema.parse({ ...base, bankIban: "eg38 0019 0005 ٠٠٠٠ 0000 2631 8000 2" });
    expect(parsed.bankIban).toBe("EG380019000500000000263180002");
    expect(errorsOf({ bankIban: "EG38 0019 0005 0000 0000 2631 8000 3" })).toEqual({ bankIban: "settings.errors.ibanInvalid" });
  });

  it("refuses a method switched on without a way to pay with it, each on its own field", () => {
    expect(errorsOf({ instapayEnabled: true, walletEnabled: true, bankEnabled: true, cashEnabled: true })).toEqual({
      instapayAddress: "settings.errors.instapayMissing",
      walletNumber: "settings.errors.walletMissing",
      bankAccount: "settings.errors.bankMissing",
      bankNameEn: "settings.errors.bankMissing",
      cashAddressEn: "settings.errors.cashMissing",
    });
    // Off, nothing is needed; on with its details, it passes.
    expect(errorsOf({ instapayEnabled: false })).toEqual({});
    expect(errorsOf({ instapayEnabled: true, instapayMobile: "٠١٠ ١٢٣٤ ٥٦٧٨" })).toEqual({});
    expect(errorsOf({ instapayAddress: "not an address" })).toEqual({ instapayAddress: "settings.errors.instapayAddressInvalid" });
    expect(errorsOf({ walletNumber: "12" })).toEqual({ walletNumber: "settings.errors.methodMobileInvalid" });
  });

  it("offers a student only the methods switched on, in their language (else the other), numbers grouped", () => {
    const v = siteSettingsSchema.parse({
      ...base,
      instapayEnabled: true,
      instapayAddress: "Nile@InstaPay",
      walletEnabled: false,
      walletNumber: "01012345678",
      bankEnabled: true,
      bankNameAr: "البنك الأهلي المصري",
      bankIban: "EG380019000500000000263180002",
      cashEnabled: true,
      cashAddressEn: "7 Abbas El-Akkad St",
    });
    const payments = { methods: JSON.parse(JSON.stringify(toStoredMethods(v))) as unknown };
    const en = methodsToShow(payments, "en");
    expect(en.map((m) => m.method)).toEqual(["instapay", "bank", "cash"]);
    expect(en[0]!.lines).toEqual([{ key: "instapayAddress", value: "nile@instapay", ltr: true }]);
    expect(en[1]!.lines.map((l) => [l.key, l.value])).toEqual([
      ["bankName", "البنك الأهلي المصري"],
      ["bankIban", "EG38 0019 0005 0000 0000 2631 8000 2"],
    ]);
    expect(methodsToShow(payments, "ar")[2]!.lines[0]!.value).toBe("7 Abbas El-Akkad St");
    expect(methodsToShow({ methods: "nonsense" }, "en")).toEqual([]);
    expect(methodsToShow({ methods: { wallet: { enabled: true, number: "+201012345678" } } }, "ar")[0]!.lines[0]!.value).toBe("+20 10 1234 5678");
  });
});
