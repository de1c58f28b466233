// A LOCAL STAND-IN FOR PAYMOB, for tests only. Paymob is a service outside our control that tests must not
// reach (no internet here, and no real money), so this simulator plays its part, written from Paymob's
// developer documentation (developers.paymob.com: "Create Intention", "Unified Checkout (Redirection)",
// "Transaction callbacks", "HMAC Transaction Callback"). It is not Paymob and does not claim every detail:
// - POST /v1/intention/ with `Authorization: Token <secret key>`: checks the amount (integer piastres),
//   EGP, the integration ids, the billing data and the URLs; answers id, client_secret, intention_order_id.
// - GET /unifiedcheckout/?publicKey&clientSecret: a checkout page with three ways to pay (a card that
//   succeeds, a wallet that is declined, a Fawry reference paid later), each a plain form.
// - Paying: the transaction processed callback (POST JSON {type: "TRANSACTION", obj} to notification_url
//   with ?hmac=, HMAC-SHA512 of the documented fields, signed here independently of the app's code), then
//   the browser is redirected to redirection_url with the transaction's outcome in the query.
// Tests can also send any callback themselves (replayed, forged, tampered) with `callback`.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SimIntention {
  id: string;
  clientSecret: string;
  orderId: number;
  amount: number;
  currency: string;
  specialReference: string;
  notificationUrl: string;
  redirectionUrl: string;
  billing: Record<string, unknown>;
  paymentMethods: number[];
}

export type SimWay = "card" | "wallet-declined" | "fawry";

const SIGNED = [
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
];

export interface PaymobSimulator {
  url: string;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  integrationIds: number[];
  /** The env the app needs to use this simulator. */
  env: Record<string, string>;
  intentions: SimIntention[];
  /** Requests to /v1/intention/ refused (bad key, bad body), for assertions. */
  refused: number;
  /** A transaction of an intention as Paymob describes it in its callback's `obj`. */
  transaction(intention: SimIntention, outcome: { success: boolean; pending?: boolean; amountCents?: number; currency?: string; way?: SimWay }): Record<string, unknown>;
  /** The hmac Paymob would send with `obj`. */
  sign(obj: Record<string, unknown>): string;
  /** Posts a transaction processed callback to the intention's notification URL (signed unless `hmac` is given). */
  callback(intention: SimIntention, obj: Record<string, unknown>, opts?: { hmac?: string; type?: string; origin?: string }): Promise<{ status: number; body: unknown }>;
  byReference(reference: string): SimIntention | undefined;
  close(): Promise<void>;
}

function valueAt(obj: Record<string, unknown>, path: string): string {
  let at: unknown = obj;
  for (const key of path.split(".")) at = (at as Record<string, unknown> | undefined)?.[key];
  return at === undefined || at === null ? "" : String(at);
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/json")) return JSON.parse(text || "null");
  return Object.fromEntries(new URLSearchParams(text));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPaymobSimulator(): Promise<PaymobSimulator> {
  const secretKey = `egy_sk_test_${crypto.randomBytes(12).toString("hex")}`;
  const publicKey = `egy_pk_test_${crypto.randomBytes(12).toString("hex")}`;
  const hmacSecret = crypto.randomBytes(16).toString("hex").toUpperCase();
  const integrationIds = [4_512_345, 4_512_346];
  let nextOrder = 310_000_000;
  let nextTransaction = 250_000_000;

  const sign = (obj: Record<string, unknown>) => crypto.createHmac("sha512", hmacSecret).update(SIGNED.map((f) => valueAt(obj, f)).join("")).digest("hex");

  const transaction: PaymobSimulator["transaction"] = (intention, outcome) => {
    const way = outcome.way ?? "card";
    const source =
      way === "card"
        ? { pan: "2346", type: "card", sub_type: "MasterCard" }
        : way === "fawry"
          ? { pan: "", type: "aggregator", sub_type: "AGGREGATOR" }
          : { pan: "01010101010", type: "wallet", sub_type: "wallet" };
    return {
      id: ++nextTransaction,
      pending: outcome.pending ?? false,
      amount_cents: outcome.amountCents ?? intention.amount,
      success: outcome.success,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: way === "card",
      integration_id: intention.paymentMethods[way === "card" ? 0 : 1] ?? intention.paymentMethods[0],
      has_parent_transaction: false,
      owner: 302_852,
      created_at: new Date().toISOString().replace("Z", ""),
      currency: outcome.currency ?? intention.currency,
      error_occured: false,
      order: { id: intention.orderId, merchant_order_id: intention.specialReference, amount_cents: intention.amount, currency: intention.currency },
      source_data: source,
      data: { message: outcome.success ? "Approved" : outcome.pending ? "Pending" : "Wallet declined: insufficient balance" },
      payment_key_claims: { billing_data: intention.billing },
    };
  };

  const callback: PaymobSimulator["callback"] = async (intention, obj, opts = {}) => {
    // `origin`: the same callback sent to another instance of the site (as a retry behind a load balancer).
    const url = new URL(intention.notificationUrl);
    if (opts.origin) {
      const other = new URL(opts.origin);
      url.protocol = other.protocol;
      url.host = other.host;
    }
    url.searchParams.set("hmac", opts.hmac ?? sign(obj));
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ type: opts.type ?? "TRANSACTION", obj }) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  const sim: PaymobSimulator = {
    url: "",
    secretKey,
    publicKey,
    hmacSecret,
    integrationIds,
    env: {},
    intentions: [],
    refused: 0,
    transaction,
    sign,
    callback,
    byReference: (reference) => sim.intentions.find((i) => i.specialReference === reference),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const createIntention = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const refuse = (status: number, detail: string) => {
      sim.refused++;
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ detail }));
    };
    if (req.headers.authorization !== `Token ${secretKey}`) return refuse(401, "Invalid token.");
    const body = (await readJson(req)) as Record<string, unknown>;
    const amount = body.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) return refuse(400, "amount must be an integer of cents");
    if (body.currency !== "EGP") return refuse(400, "currency must match the integration");
    const methods = body.payment_methods;
    if (!Array.isArray(methods) || methods.length === 0 || methods.some((m) => !integrationIds.includes(Number(m)))) return refuse(404, "Integration ID/Name does not exist in our system");
    const billing = body.billing_data as Record<string, unknown> | undefined;
    for (const field of ["first_name", "last_name", "email", "phone_number"]) if (!billing || typeof billing[field] !== "string" || !billing[field]) return refuse(400, `billing_data.${field} is required`);
    const intention: SimIntention = {
      id: `pi_test_${crypto.randomBytes(8).toString("hex")}`,
      clientSecret: `egy_csk_test_${crypto.randomBytes(16).toString("hex")}`,
      orderId: ++nextOrder,
      amount,
      currency: "EGP",
      specialReference: String(body.special_reference ?? ""),
      notificationUrl: String(body.notification_url ?? ""),
      redirectionUrl: String(body.redirection_url ?? ""),
      billing: billing!,
      paymentMethods: methods.map(Number),
    };
    sim.intentions.push(intention);
    res.writeHead(201, { "Content-Type": "application/json" }).end(
      JSON.stringify({ id: intention.id, client_secret: intention.clientSecret, intention_order_id: intention.orderId, special_reference: intention.specialReference, status: "intended", confirmed: false }),
    );
  };

  const checkoutPage = (url: URL, res: http.ServerResponse) => {
    const intention = sim.intentions.find((i) => i.clientSecret === url.searchParams.get("clientSecret"));
    if (url.searchParams.get("publicKey") !== publicKey || !intention) return res.writeHead(404).end("Not found");
    const pounds = (intention.amount / 100).toFixed(2);
    const way = (value: SimWay, label: string) =>
      `<form method="post" action="/unifiedcheckout/pay"><input type="hidden" name="clientSecret" value="${escapeHtml(intention.clientSecret)}"><input type="hidden" name="way" value="${value}"><button type="submit">${label}</button></form>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Paymob checkout (simulator)</title></head><body><h1>Paymob checkout (simulator)</h1><p data-amount>EGP ${pounds}</p>${way("card", "Pay by card")}${way("wallet-declined", "Pay by wallet")}${way("fawry", "Get a Fawry reference")}</body></html>`,
    );
  };

  const pay = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const form = (await readJson(req)) as Record<string, string>;
    const intention = sim.intentions.find((i) => i.clientSecret === form.clientSecret);
    if (!intention) return res.writeHead(404).end("Not found");
    const way = form.way as SimWay;
    const obj = transaction(intention, { success: way === "card", pending: way === "fawry", way });
    await callback(intention, obj);
    // The transaction response callback: the browser back to the merchant with the outcome in the query.
    const back = new URL(intention.redirectionUrl);
    for (const key of ["id", "success", "pending", "amount_cents", "currency"]) back.searchParams.set(key, String(obj[key]));
    back.searchParams.set("order", String(intention.orderId));
    back.searchParams.set("merchant_order_id", intention.specialReference);
    back.searchParams.set("hmac", sign(obj));
    res.writeHead(302, { Location: back.toString() }).end();
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sim");
    const route = `${req.method} ${url.pathname}`;
    const handle =
      route === "POST /v1/intention/"
        ? createIntention(req, res)
        : route === "GET /unifiedcheckout/"
          ? checkoutPage(url, res)
          : route === "POST /unifiedcheckout/pay"
            ? pay(req, res)
            : res.writeHead(404).end("Not found");
    void Promise.resolve(handle).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sim.env = {
    PAYMOB_SECRET_KEY: secretKey,
    PAYMOB_PUBLIC_KEY: publicKey,
    PAYMOB_HMAC_SECRET: hmacSecret,
    PAYMOB_INTEGRATION_IDS: integrationIds.join(","),
    PAYMOB_API_URL: sim.url,
  };
  return sim;
}
