// Paying online through Paymob (issue 37 item 5, ADR 034). The student's page asks for a payment of what
// the request owes: an `online_payments` row is written, Paymob creates an intention for it (our row's
// reference as special_reference) and the student's browser goes to Paymob's Unified Checkout (card,
// wallet, Fawry reference, instalments). Money is settled only by Paymob's transaction callback, and only
// when it is signed (HMAC-SHA512, constant time), names an order we created, and carries our amount in EGP.
// The same callback twice, or at once on two instances, settles once: the attempt's row is locked, and its
// ledger payment has the attempt as idempotency key. The student's return from the checkout only reads.
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { enrollments, onlinePayments, type OnlinePaymentStatus } from "@db/schema/index.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { wakeOutbox } from "~/lib/email.server.ts";
import { env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Locale } from "~/lib/i18n.ts";
import { logger } from "~/lib/logger.server.ts";
import { checkoutUrl, createIntention, paymobConfig, PaymobUnavailable, verifyTransactionHmac } from "~/lib/paymob.server.ts";
import { consumeRateLimit, rateLimits } from "~/lib/rate-limit.server.ts";
import { enrollmentPagePath, verifyEnrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { ledgerOf, writeLedgerPayment } from "./ledger.server.ts";

export const ONLINE_ERRORS = {
  notOwed: "payOnline.errors.notOwed",
  unavailable: "payOnline.errors.unavailable",
} as const;

/** Whether paying online is offered at all (Paymob configured). */
export function onlineOffered(): boolean {
  return paymobConfig() !== null;
}

/** The callback Paymob is given (its transaction processed callback). */
export const PAYMOB_CALLBACK_PATH = "/api/paymob/callback";
/** What the student's page is told on the way back from the checkout (it only reads). */
export const ONLINE_RETURN_PARAM = "online";

/**
 * The student chose "Pay online": an attempt for what the request owes now, an intention at Paymob, and
 * the checkout's address to send their browser to. 404 for a wrong token (as the page), 409 when nothing
 * is owed, 429 past RATE_LIMIT_PAYMOB per request, 503 when Paymob is not configured or does not answer.
 */
export async function startOnlinePayment(input: { reference: string; token: string | null; locale: Locale }): Promise<string> {
  if (!verifyEnrollmentToken(input.reference, input.token)) throw new AppError("not_found", "errors.notFoundText");
  const config = paymobConfig();
  if (!config) throw new AppError("unavailable", ONLINE_ERRORS.unavailable);
  const [row] = await db()
    .select({
      id: enrollments.id,
      status: enrollments.status,
      name: enrollments.studentName,
      email: enrollments.studentEmail,
      phone: enrollments.studentPhone,
      courseName: enrollments.courseName,
    })
    .from(enrollments)
    .where(eq(enrollments.enrollmentId, input.reference));
  if (!row) throw new AppError("not_found", "errors.notFoundText");
  const { balance } = await ledgerOf(db(), row.id);
  if (row.status !== "approved" || balance <= 0) throw new AppError("conflict", ONLINE_ERRORS.notOwed);
  await consumeRateLimit(rateLimits.paymob, input.reference);

  const reference = `NAP-${crypto.randomBytes(9).toString("base64url")}`;
  const [attempt] = await db()
    .insert(onlinePayments)
    .values({ enrollmentId: row.id, amountPiastres: balance, reference, locale: input.locale })
    .returning({ id: onlinePayments.id });
  const origin = env().PUBLIC_URL;
  const back = new URL(enrollmentPagePath(input.locale, input.reference), origin);
  back.searchParams.set(ONLINE_RETURN_PARAM, "back");
  try {
    const intention = await createIntention(config, {
      amountPiastres: balance,
      reference,
      billing: { name: row.name, email: row.email, phone: row.phone },
      item: row.courseName,
      notificationUrl: new URL(PAYMOB_CALLBACK_PATH, origin).toString(),
      redirectionUrl: back.toString(),
    });
    await db().update(onlinePayments).set({ intentionId: intention.id, orderId: intention.orderId, updatedAt: new Date() }).where(eq(onlinePayments.id, attempt!.id));
    logger.info({ enrollment: input.reference, onlinePayment: reference, order: intention.orderId, amountPiastres: balance }, "paymob intention created");
    return checkoutUrl(config, intention.clientSecret);
  } catch (err) {
    if (!(err instanceof PaymobUnavailable)) throw err;
    logger.warn({ enrollment: input.reference, onlinePayment: reference, err: err.message }, "paymob intention refused");
    await db().update(onlinePayments).set({ status: "failed", failure: "intention refused", updatedAt: new Date() }).where(eq(onlinePayments.id, attempt!.id));
    throw new AppError("unavailable", ONLINE_ERRORS.unavailable);
  }
}

/** What a callback did: the HTTP answer and a word for logs and tests (never personal data). */
export interface CallbackOutcome {
  status: 200 | 400 | 401;
  outcome: "settled" | "duplicate" | "failed" | "pending" | "ignored" | "unknown" | "mismatch" | "not_open" | "bad_signature" | "malformed";
}

type Obj = Record<string, unknown> & { order?: { id?: unknown }; data?: { message?: unknown } };

/**
 * Paymob's transaction processed callback: `body` as received (JSON, bounded by the route), `hmac` from the
 * query. Verified before anything is read from it; settles the attempt it names at most once.
 */
export async function handlePaymobCallback(body: unknown, hmac: string | null): Promise<CallbackOutcome> {
  const config = paymobConfig();
  const obj = body && typeof body === "object" ? ((body as { obj?: unknown }).obj as Obj | undefined) : undefined;
  if (!config || !obj || typeof obj !== "object") return { status: 400, outcome: "malformed" };
  if (!verifyTransactionHmac(obj, hmac, config.hmacSecret)) {
    // Logged without the body: it carries the payer's name, email and phone.
    logger.warn({ order: String(obj.order?.id ?? "").slice(0, 32), transaction: String(obj.id ?? "").slice(0, 32) }, "paymob callback with a bad signature refused");
    return { status: 401, outcome: "bad_signature" };
  }
  if ((body as { type?: unknown }).type !== "TRANSACTION") return { status: 200, outcome: "ignored" };
  const orderId = String(obj.order?.id ?? "");
  const transactionId = String(obj.id ?? "").slice(0, 64);
  const [attempt] = orderId ? await db().select().from(onlinePayments).where(eq(onlinePayments.orderId, orderId)) : [];
  const log = { order: orderId.slice(0, 32), transaction: transactionId, onlinePayment: attempt?.reference };
  if (!attempt) {
    logger.warn(log, "paymob callback for an order we did not create ignored");
    return { status: 200, outcome: "unknown" };
  }
  // A refund or a void made in Paymob's dashboard arrives as its own transaction: staff record refunds here.
  if (obj.is_refunded === true || obj.is_voided === true || obj.has_parent_transaction === true) {
    logger.info(log, "paymob refund or void callback noted (refunds are recorded by staff)");
    return { status: 200, outcome: "ignored" };
  }
  if (obj.currency !== attempt.currency || Number(obj.amount_cents) !== attempt.amountPiastres) {
    logger.error({ ...log, amountCents: Number(obj.amount_cents), currency: String(obj.currency).slice(0, 8), expected: attempt.amountPiastres }, "paymob callback amount or currency does not match: not settled");
    return { status: 200, outcome: "mismatch" };
  }
  if (obj.success === true && obj.pending !== true) return settle(attempt.id, transactionId, log);
  if (obj.pending === true) return { status: 200, outcome: "pending" };
  const message = typeof obj.data?.message === "string" ? obj.data.message.slice(0, 300) : "declined";
  const failed = await db()
    .update(onlinePayments)
    .set({ status: "failed", failure: message, transactionId, updatedAt: new Date() })
    .where(and(eq(onlinePayments.id, attempt.id), eq(onlinePayments.status, "created")))
    .returning({ id: onlinePayments.id });
  logger.info({ ...log, recorded: failed.length > 0 }, "paymob payment declined");
  return { status: 200, outcome: "failed" };
}

/** Writes the attempt's payment once: its row locked, the ledger's idempotency key the attempt. */
async function settle(attemptId: string, transactionId: string, log: Record<string, unknown>): Promise<CallbackOutcome> {
  const outcome = await db().transaction(async (tx): Promise<CallbackOutcome["outcome"]> => {
    const [attempt] = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, attemptId)).for("update");
    if (!attempt || attempt.status === "paid") return "duplicate";
    let written;
    try {
      written = await writeLedgerPayment(
        tx,
        null,
        attempt.enrollmentId,
        { amountPiastres: attempt.amountPiastres, method: "paymob", reference: `Paymob ${transactionId}`, key: `paymob:${attempt.id}` },
        { lateForHold: true, audit: { onlinePayment: attempt.reference, transaction: transactionId } },
      );
    } catch (err) {
      // Paid for a request staff rejected or moved back meanwhile: the money is Paymob's to give back, and
      // staff must see it; nothing is written here that would pretend the seat is paid.
      if (err instanceof AppError && err.code === "conflict") return "not_open";
      throw err;
    }
    await tx
      .update(onlinePayments)
      .set({ status: "paid", ledgerEntryId: written.entryId, transactionId, failure: null, updatedAt: new Date() })
      .where(eq(onlinePayments.id, attempt.id));
    return "settled";
  });
  if (outcome === "not_open") logger.error(log, "paymob payment for a request that is no longer approved: refund it in Paymob");
  else logger.info({ ...log, outcome }, "paymob callback");
  if (outcome === "settled") {
    await contentChanged();
    await wakeOutbox();
  }
  return { status: 200, outcome };
}

/** The latest online attempt of an enrollment (the student's page after the checkout), or null. */
export async function latestOnlinePayment(ex: Executor, enrollmentId: string): Promise<{ status: OnlinePaymentStatus; amountPiastres: number } | null> {
  const [row] = await ex
    .select({ status: onlinePayments.status, amountPiastres: onlinePayments.amountPiastres })
    .from(onlinePayments)
    .where(eq(onlinePayments.enrollmentId, enrollmentId))
    .orderBy(desc(onlinePayments.createdAt))
    .limit(1);
  return row ?? null;
}
