// The callback's signature as Paymob's documentation computes it ("HMAC Transaction Callback"): its sample
// transaction processed callback, whose concatenated string the page prints, must give the same string here
// (the fields, their order, booleans as true/false, nested order.id and source_data.*).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedText, transactionHmac, verifyTransactionHmac } from "./paymob.server.ts";

const SAMPLE = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  has_parent_transaction: false,
  order: { id: 217503754, merchant_order_id: "not signed" },
  created_at: "2024-06-13T11:33:44.592345",
  currency: "EGP",
  error_occured: false,
  owner: 302852,
  source_data: { pan: "2346", type: "card", sub_type: "MasterCard" },
  data: { message: "Approved" },
};
const DOCUMENTED = "1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue";

describe("Paymob's transaction HMAC", () => {
  it("signs the documented string of Paymob's sample callback", () => {
    expect(signedText(SAMPLE)).toBe(DOCUMENTED);
    expect(transactionHmac(SAMPLE, "SECRET")).toBe(crypto.createHmac("sha512", "SECRET").update(DOCUMENTED).digest("hex"));
  });

  it("accepts its own signature in either case, and nothing else", () => {
    const hmac = transactionHmac(SAMPLE, "SECRET");
    expect(verifyTransactionHmac(SAMPLE, hmac, "SECRET")).toBe(true);
    expect(verifyTransactionHmac(SAMPLE, hmac.toUpperCase(), "SECRET")).toBe(true);
    expect(verifyTransactionHmac(SAMPLE, hmac, "OTHER")).toBe(false);
    expect(verifyTransactionHmac({ ...SAMPLE, amount_cents: 1 }, hmac, "SECRET")).toBe(false);
    expect(verifyTransactionHmac({ ...SAMPLE, order: { id: 1 } }, hmac, "SECRET")).toBe(false);
    // The merchant's reference is not signed: changing it does not break the signature (so it is never trusted).
    expect(verifyTransactionHmac({ ...SAMPLE, order: { id: 217503754, merchant_order_id: "other" } }, hmac, "SECRET")).toBe(true);
    for (const bad of [null, "", "zz".repeat(64), hmac.slice(1), `${hmac}0`]) expect(verifyTransactionHmac(SAMPLE, bad, "SECRET")).toBe(false);
  });
});
