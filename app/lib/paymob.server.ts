// Paymob, called over its REST API (issue 37 item 5, ADR 034): its official Node package is not on the
// registry and the community wrappers are thin, so the two calls we need are written here from Paymob's
// developer documentation:
// - Create Intention: POST {PAYMOB_API_URL}/v1/intention/ with `Authorization: Token <secret key>`; the
//   amount in piastres ("cents"), EGP, the integration ids as payment_methods, billing data, our reference as
//   special_reference, our notification (server callback) and redirection (the student's browser) URLs.
//   Paymob answers the intention's id, its client_secret and its order id (intention_order_id).
// - Unified Checkout: the student's browser goes to {PAYMOB_API_URL}/unifiedcheckout/?publicKey&clientSecret.
// - The transaction processed callback: a POST of {type: "TRANSACTION", obj: {...}} with ?hmac=<hex>, where
//   hmac = HMAC-SHA512(hmac secret, the values of 20 fields of obj concatenated in Paymob's fixed order).
// Paymob is not configured (any of the keys missing) → `paymobConfig()` is null and nothing is offered.
import crypto from "node:crypto";
import { env } from "./env.server.ts";

export interface PaymobConfig {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  integrationIds: number[];
  apiUrl: string;
}

/** Paymob's settings, or null while the provider has not signed with Paymob (nothing online is offered). */
export function paymobConfig(): PaymobConfig | null {
  const e = env();
  if (!e.PAYMOB_SECRET_KEY || !e.PAYMOB_PUBLIC_KEY || !e.PAYMOB_HMAC_SECRET || !e.PAYMOB_INTEGRATION_IDS) return null;
  return {
    secretKey: e.PAYMOB_SECRET_KEY,
    publicKey: e.PAYMOB_PUBLIC_KEY,
    hmacSecret: e.PAYMOB_HMAC_SECRET,
    integrationIds: e.PAYMOB_INTEGRATION_IDS.split(",").map((id) => Number(id.trim())),
    apiUrl: e.PAYMOB_API_URL,
  };
}

export interface IntentionRequest {
  amountPiastres: number;
  reference: string;
  billing: { name: string; email: string; phone: string | null };
  item: string;
  notificationUrl: string;
  redirectionUrl: string;
}

export interface Intention {
  id: string;
  clientSecret: string;
  orderId: string;
}

/** Paymob refused or could not be reached: the student is told to try again or pay by transfer. */
export class PaymobUnavailable extends Error {}

/** Paymob wants a first and a last name: the last word is the last name ("NA" when there is one word). */
function splitName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first_name: words[0] ?? "NA", last_name: "NA" };
  return { first_name: words.slice(0, -1).join(" "), last_name: words.at(-1)! };
}

/** Creates a payment intention (Paymob's Intention API); 15 s at most. */
export async function createIntention(config: PaymobConfig, req: IntentionRequest): Promise<Intention> {
  const body = {
    amount: req.amountPiastres,
    currency: "EGP",
    payment_methods: config.integrationIds,
    items: [{ name: req.item.slice(0, 50), amount: req.amountPiastres, description: req.item.slice(0, 255), quantity: 1 }],
    billing_data: {
      ...splitName(req.billing.name),
      email: req.billing.email,
      phone_number: req.billing.phone ?? "NA",
      // Paymob asks for an address for card fraud checks; a course needs none ("NA" is what it accepts).
      apartment: "NA",
      street: "NA",
      building: "NA",
      floor: "NA",
      city: "NA",
      country: "EG",
    },
    special_reference: req.reference,
    notification_url: req.notificationUrl,
    redirection_url: req.redirectionUrl,
  };
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/v1/intention/`, {
      method: "POST",
      headers: { Authorization: `Token ${config.secretKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new PaymobUnavailable(`Paymob could not be reached: ${err instanceof Error ? err.message : String(err)}`);
  }
  const json = (await res.json().catch(() => null)) as { id?: unknown; client_secret?: unknown; intention_order_id?: unknown } | null;
  if (!res.ok || !json || typeof json.client_secret !== "string" || json.intention_order_id == null) {
    throw new PaymobUnavailable(`Paymob refused the intention (HTTP ${res.status})`);
  }
  return { id: String(json.id ?? ""), clientSecret: json.client_secret, orderId: String(json.intention_order_id) };
}

/** Where the student's browser goes to pay: Paymob's Unified Checkout for this intention. */
export function checkoutUrl(config: PaymobConfig, clientSecret: string): string {
  const url = new URL("/unifiedcheckout/", config.apiUrl);
  url.searchParams.set("publicKey", config.publicKey);
  url.searchParams.set("clientSecret", clientSecret);
  return url.toString();
}

/** The fields of a transaction callback's `obj` that Paymob signs, in its order (paths into obj). */
export const HMAC_FIELDS = [
  "amount_cents",
  "created_at",
  "currency",
  "error_occured",
  "has_parent_transaction",
  "id",
  "integration_id",
  "is_3d_secure",
  "is_auth",
  "is_capture",
  "is_refunded",
  "is_standalone_payment",
  "is_voided",
  "order.id",
  "owner",
  "pending",
  "source_data.pan",
  "source_data.sub_type",
  "source_data.type",
  "success",
] as const;

function valueAt(obj: unknown, path: string): string {
  let at: unknown = obj;
  for (const key of path.split(".")) at = at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
  // Booleans are signed as "true"/"false", numbers as written; a missing value as nothing.
  return at === undefined || at === null ? "" : typeof at === "object" ? "" : String(at);
}

/** What Paymob signs of a transaction: the values of HMAC_FIELDS, in order, with nothing between them. */
export function signedText(obj: unknown): string {
  return HMAC_FIELDS.map((field) => valueAt(obj, field)).join("");
}

/** The HMAC-SHA512 (hex) Paymob sends with a transaction callback whose transaction is `obj`. */
export function transactionHmac(obj: unknown, secret: string): string {
  return crypto.createHmac("sha512", secret).update(signedText(obj), "utf8").digest("hex");
}

/** Whether `hmac` (the callback's query parameter) signs `obj`: compared in constant time. */
export function verifyTransactionHmac(obj: unknown, hmac: string | null, secret: string): boolean {
  if (typeof hmac !== "string" || !/^[0-9a-f]{128}$/i.test(hmac)) return false;
  const expected = Buffer.from(transactionHmac(obj, secret), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(hmac.toLowerCase(), "hex"));
}
